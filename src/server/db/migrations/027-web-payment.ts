import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The web payment provider (src/server/payments/web-payment.ts):
 * - `paypal_sandbox_orders`, `paypal_sandbox_authorizations`: the embedded sandbox's own records, in the database so
 *   every app instance sees the same provider. One authorization per order (unique): of concurrent authorizations one
 *   insert wins.
 * - `paypal_sandbox_requests`: the sandbox's request ids (one row per operation and id, inserted first): the first
 *   call does the work and stores its answer, every other call with the id reads it.
 * - `web_payment_orders`: which provider order was made under which placement key, kept by the PayPal adapter, since
 *   PayPal's Orders API cannot be searched by our reference.
 */
export const webPayment: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('paypal_sandbox_orders')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
      .addColumn('breakdown', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('return_url', 'text', (c) => c.notNull())
      .addColumn('cancel_url', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('funding', 'text')
      .addColumn('payer_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('paypal_sandbox_orders_reference').on('paypal_sandbox_orders').column('reference').execute();
    await db.schema
      .createTable('paypal_sandbox_authorizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().unique().references('paypal_sandbox_orders.id'))
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('capture_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('paypal_sandbox_requests')
      .addColumn('request_key', 'text', (c) => c.primaryKey())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('reply', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('web_payment_orders')
      .addColumn('order_id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('web_payment_orders_reference').on('web_payment_orders').column('reference').execute();
  },
};
