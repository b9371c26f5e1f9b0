import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Restricted shipping states (checkout spec §3 showRestrictedShippingStateMessage, §8 line item messages): a product
 * that may not be shipped to a state lists it here. A bag line whose product is restricted in the basket's shipping
 * state is flagged, keeps no quantity change or edit, and (with the checkout) blocks the order until removed.
 */
export const shippingRestrictions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('product_shipping_restrictions')
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('state_code', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_shipping_restrictions_pk', ['product_id', 'state_code'])
      .execute();
  },
};
