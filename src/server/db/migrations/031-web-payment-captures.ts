import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `web_payment_captures`: the capture an order paid through the web payment provider (PayPal) still owes. The row is
 * written with the order, in its transaction, before the authorization is captured; `captured_at` is set once the
 * provider answers. A capture that failed after the order was written is taken again by recovery
 * (src/server/checkout/placement/web-payment-capture.ts) under the same request id, so it is taken once.
 */
export const webPaymentCaptures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('web_payment_captures')
      .addColumn('attempt_id', 'text', (c) => c.primaryKey())
      .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
      .addColumn('authorization_id', 'text', (c) => c.notNull())
      .addColumn('capture_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('captured_at', 'text')
      .execute();
    await db.schema.createIndex('web_payment_captures_pending').on('web_payment_captures').column('captured_at').execute();
  },
};
