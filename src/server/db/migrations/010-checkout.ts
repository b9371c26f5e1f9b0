import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The checkout's record of a bag, and the orders placed from it.
 * - `basket_checkout`: what the shopper has told the checkout so far (e-mail, addresses, the tokenized card),
 *   one row per bag. Addresses and the card are JSON text in our own shapes; the card holds a token, never a number.
 * - `baskets.placing_attempt_id`: set while an order is being placed from the bag. Every bag write refuses a bag
 *   being placed, and a second placement gets 409 (the bag's CHECKed status stays 'open' | 'ordered').
 * - `checkout_attempts`: one row per idempotency key. It is the replay store (request hash, stored reply) and the
 *   payment intent log: written and committed before the gateway is called, so a crash between authorizing and
 *   committing leaves a row that the recovery sweep finds (`state = 'authorizing'` past `lease_until`).
 * - `orders` gains what the order was (totals, addresses, payment summary) and `order_lines` its lines, priced as
 *   they were when the order was placed (a snapshot: later price changes do not touch an order).
 * - `email_subscriptions`: addresses that asked for marketing e-mail (checkout, order confirmation).
 * - `customer_addresses`, `customer_cards`: a signed-in shopper's saved addresses and cards (token, never a number).
 */
export const checkout: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('basket_checkout')
      .addColumn('basket_id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text')
      .addColumn('email_subscribe', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('shipping_address', 'text')
      .addColumn('billing_address', 'text')
      .addColumn('shipping_method_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('billing_same', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('payment', 'text')
      .addColumn('ecoship', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('package_protection', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('baskets').addColumn('placing_attempt_id', 'text').execute();
    await db.schema
      .createTable('checkout_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('basket_id', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('pending', 'authorizing', 'done')`))
      .addColumn('snapshot', 'text')
      .addColumn('authorization_id', 'text')
      .addColumn('reply_status', 'integer')
      .addColumn('reply', 'text')
      .addColumn('lease_until', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('checkout_attempts_state_idx').on('checkout_attempts').columns(['state', 'lease_until']).execute();
    for (const [column, type] of [
      ['basket_id', 'text'],
      ['subtotal_cents', 'integer'],
      ['discount_cents', 'integer'],
      ['shipping_cents', 'integer'],
      ['tax_cents', 'integer'],
      ['shipping_method_id', 'text'],
      ['shipping_address', 'text'],
      ['billing_address', 'text'],
      ['payment_summary', 'text'],
      ['authorization_id', 'text'],
      ['attempt_id', 'text'],
    ] as const) {
      await db.schema.alterTable('orders').addColumn(column, type).execute();
    }
    await db.schema.createIndex('orders_attempt_idx').on('orders').column('attempt_id').unique().execute();
    await db.schema
      .createTable('order_lines')
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('sku', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull())
      .addColumn('product_name', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
      .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
      .addColumn('line_total_cents', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
      .execute();
    await db.schema
      .createTable('email_subscriptions')
      .addColumn('email', 'text', (c) => c.primaryKey())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('customer_addresses')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('preferred', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_addresses_customer_idx').on('customer_addresses').column('customer_id').execute();
    await db.schema
      .createTable('customer_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('card', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('customer_cards_customer_idx').on('customer_cards').column('customer_id').execute();
  },
};
