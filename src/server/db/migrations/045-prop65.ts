import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * California's Proposition 65 (product spec §3 Product `isProp65`): `products.is_prop65` is 1 when the product must
 * carry the Prop 65 warning (it can expose the shopper to a listed chemical); the product page shows it.
 */
export const prop65: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('is_prop65', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
