import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The embedded sandbox gateway's vault (src/server/payments/sandbox/): tokens and authorizations, in the database so
 * every app instance on one PostgreSQL sees the same gateway. The unique reference is what makes authorize
 * idempotent under concurrent calls: one insert wins, the rest read its row.
 */
export const paymentSandbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_sandbox_tokens')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('last4', 'text', (c) => c.notNull())
      .addColumn('brand', 'text', (c) => c.notNull())
      .addColumn('exp_month', 'integer', (c) => c.notNull())
      .addColumn('exp_year', 'integer', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('payment_sandbox_authorizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('error_code', 'text')
      .addColumn('error_message', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
