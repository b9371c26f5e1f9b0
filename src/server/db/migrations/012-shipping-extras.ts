import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Shipping step extras (product spec §3 shippingData).
 * - `products.heavy_item_surcharge_cents`: what shipping one unit of a heavy product adds (0 for most products).
 * - `products.is_po_box_excluded`: 1 when the product cannot be shipped to a P.O. box (carrier or size rules).
 * - `orders.protection_cents`: the package protection fee the order was charged (part of total_cents).
 * - `orders.ecoship_date`: the later delivery date a shopper accepted with EcoShip (YYYY-MM-DD), else null.
 * `basket_checkout.ecoship` and `.package_protection` already exist (010-checkout.ts); checkout-store.ts says what
 * their values mean.
 */
export const shippingExtras: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('heavy_item_surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('is_po_box_excluded', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('protection_cents', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('orders').addColumn('ecoship_date', 'text').execute();
  },
};
