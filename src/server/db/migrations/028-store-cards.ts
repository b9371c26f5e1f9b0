import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The store card (PLCC, src/server/store-card/, docs/decisions.md "The store card"):
 * - `store_card_accounts`: one account per card, found by a keyed hash of its number (HMAC-SHA-256 under the gift
 *   card key, as gift cards are), the last four for display; at most one per customer. The billing ZIP code verifies
 *   a number entered by a guest. The credit limit and the points are the issuer's figures.
 * - `store_card_ledger`: what a placement attempt did to the account's credit: a hold of the amount due, then either
 *   its capture (an order was committed) or its release (the attempt ended without one). One row of each kind per
 *   attempt at most (unique), so a placement run again, or recovered, moves nothing twice. Available credit is the
 *   limit less every hold not released.
 */
export const storeCards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('store_card_accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('number_hash', 'text', (c) => c.notNull().unique())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text', (c) => c.unique().references('customers.id').onDelete('set null'))
      .addColumn('holder_first_name', 'text', (c) => c.notNull())
      .addColumn('holder_last_name', 'text', (c) => c.notNull())
      .addColumn('billing_postal_code', 'text', (c) => c.notNull())
      .addColumn('credit_limit_cents', 'integer', (c) => c.notNull().check(sql`credit_limit_cents >= 0`))
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0).check(sql`points >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('store_card_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('store_card_accounts.id').onDelete('cascade'))
      .addColumn('attempt_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('hold', 'capture', 'release')`))
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('store_card_ledger_attempt_once', ['attempt_id', 'kind'])
      .execute();
    await db.schema.createIndex('store_card_ledger_account_idx').on('store_card_ledger').column('account_id').execute();
  },
};
