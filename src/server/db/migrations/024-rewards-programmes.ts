import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The rewards programmes (src/server/rewards/, docs/decisions.md "Rewards and certificates"):
 * - `rewards_memberships`: per customer and programme (fbb, elq, dia), whether the membership is active and the
 *   points held toward the next reward. The retailer's record (`rewards_accounts`) keeps what is not per programme:
 *   tier, rewards page, store card; its points and membership move here, and its certificate total is now the sum of
 *   the customer's certificates.
 * - `rewards_earnings`: the points an order earned per programme; its key (order, programme) is what makes earning
 *   happen once per order.
 * - `rewards_ledger`: a rewards-dollar balance (elq, dia) is the sum of its rows: earned (+), spent (-) by a placement
 *   attempt, reversed (+). Unique per order (earn) and per attempt (spend, reversal), so nothing counts twice.
 * - `reward_certificates`: found by a keyed hash of the number (as gift cards are), the last four for display;
 *   used once, by one placement attempt.
 */
export const rewardsProgrammes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rewards_memberships')
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('programme', 'text', (c) => c.notNull().check(sql`programme in ('fbb', 'elq', 'dia')`))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points >= 0`))
      .addPrimaryKeyConstraint('rewards_memberships_pk', ['customer_id', 'programme'])
      .execute();
    // The retailer's programme enrols every account; the old record's membership flag was the ELQ membership.
    await sql`insert into rewards_memberships (customer_id, programme, is_active, points)
      select customer_id, 'fbb', 1, points from rewards_accounts`.execute(db);
    await sql`insert into rewards_memberships (customer_id, programme, is_active, points)
      select customer_id, 'elq', is_active_member, 0 from rewards_accounts`.execute(db);
    for (const column of ['is_active_member', 'points', 'threshold', 'certificate_cents']) {
      await db.schema.alterTable('rewards_accounts').dropColumn(column).execute();
    }

    await db.schema
      .createTable('rewards_earnings')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('programme', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points > 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('rewards_earnings_pk', ['order_id', 'programme'])
      .execute();

    await db.schema
      .createTable('rewards_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('programme', 'text', (c) => c.notNull().check(sql`programme in ('elq', 'dia')`))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('earn', 'spend', 'reversal')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('attempt_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint(
        'rewards_ledger_sign',
        sql`(kind = 'earn' and amount_cents > 0 and attempt_id is null)
          or (kind = 'spend' and amount_cents < 0 and attempt_id is not null)
          or (kind = 'reversal' and amount_cents > 0 and attempt_id is not null)`,
      )
      .addUniqueConstraint('rewards_ledger_order_once', ['programme', 'order_id', 'kind'])
      .addUniqueConstraint('rewards_ledger_attempt_once', ['customer_id', 'programme', 'attempt_id', 'kind'])
      .execute();
    await db.schema.createIndex('rewards_ledger_attempt_idx').on('rewards_ledger').column('attempt_id').execute();

    await db.schema
      .createTable('reward_certificates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('FB_REWARD_CERTIFICATE', 'ADS_REWARD_CERTIFICATE')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('used_at', 'text')
      .addColumn('used_by_attempt', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('reward_certificates_used', sql`(used_at is null) = (used_by_attempt is null)`)
      .execute();
    await db.schema.createIndex('reward_certificates_customer_idx').on('reward_certificates').column('customer_id').execute();
    await db.schema.createIndex('reward_certificates_attempt_idx').on('reward_certificates').column('used_by_attempt').execute();
  },
};
