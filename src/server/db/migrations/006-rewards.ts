import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Loyalty: one rewards record per customer (header spec §3 "Rewards record"); money in cents. */
export const rewards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rewards_accounts')
      .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
      .addColumn('is_active_member', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('points', 'integer', (c) => c.notNull().check(sql`points >= 0`))
      .addColumn('threshold', 'integer', (c) => c.notNull().check(sql`threshold > 0`))
      .addColumn('tier', 'text')
      .addColumn('certificate_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`certificate_cents >= 0`))
      .addColumn('page_url', 'text')
      .addColumn('plcc_holder', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
