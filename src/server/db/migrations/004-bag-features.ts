import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Bag features: codes entered on a bag, customers' wishlists, waitlist sign-ups.
 * A coupon row holds only the code: its promotion is looked up at every read, so an ended or removed promotion
 * shows as 'invalid/expired' at once. Rows follow what they belong to (cascade), so a catalog reset or a
 * deleted basket or account leaves nothing behind.
 */
export const bagFeatures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('basket_coupons')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('basket_id', 'text', (c) => c.notNull().references('baskets.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('basket_coupons_code_uq', ['basket_id', 'code'])
      .execute();

    await db.schema
      .createTable('wishlists')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('wishlist_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('wishlist_id', 'text', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      // The variant (sku) the shopper chose, or '' for the product itself: part of the unique key, so never null.
      .addColumn('variant_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wishlist_items_uq', ['wishlist_id', 'product_id', 'variant_id'])
      .execute();

    await db.schema
      .createTable('waitlist_entries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sku', 'text', (c) => c.notNull().references('variants.sku').onDelete('cascade'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('waitlist_entries_uq', ['sku', 'email'])
      .execute();
  },
};
