import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * The shipping methods as the shopper reads them, for a store seeded before: Regular is called Standard Delivery
 * (the name the spec's caution 'Some items are only eligible for Standard Delivery.' uses), and a method's delivery
 * time is its description alone (Express's label repeated it). Only rows still holding the seeded texts change; the
 * texts are written out (a migration must do tomorrow what it does today).
 */
export const shippingMethodTexts: Migration = {
  async up(db: Kysely<unknown>) {
    const k = db as Kysely<{ shipping_methods: { id: string; name: string; label: string } }>;
    await k.updateTable('shipping_methods').set({ name: 'Standard Delivery' }).where('id', '=', 'Regular').where('name', '=', 'Regular').execute();
    await k
      .updateTable('shipping_methods')
      .set({ label: '' })
      .where('id', '=', 'Express')
      .where('label', '=', 'Arrives in 2-3 business days')
      .execute();
  },
};
