import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The sandbox gateway behaves as a provider does with tokens and saved cards: a token is spent by its first use
 * (used_at), and a saved card is a reusable payment method attached to a customer (payment_sandbox_methods, one per
 * idempotency reference so a retried save answers the same method).
 */
export const paymentReferences: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment_sandbox_tokens').addColumn('used_at', 'text').execute();
    await db.schema
      .createTable('payment_sandbox_methods')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('customer_ref', 'text', (c) => c.notNull())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
