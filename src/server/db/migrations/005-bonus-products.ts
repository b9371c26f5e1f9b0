import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Bonus products ('Claim Your Free Gift'): a bonus promotion offers one of a few products free once the
 * bag's qualifying merchandise (after automatic promotions and coupons, optionally one brand's) reaches its
 * threshold. A bag line claimed through one carries its id; the line is priced 0 at every read, and is dropped at
 * the next read once the bag no longer qualifies (see src/server/commerce/bonus-rules.ts).
 */
export const bonusProducts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('bonus_promotions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('callout_msg', 'text', (c) => c.notNull())
      .addColumn('threshold_cents', 'integer', (c) => c.notNull().check(sql`threshold_cents >= 0`))
      .addColumn('brand_code', 'text', (c) => c.references('brands.code'))
      .addColumn('max_bonus_items', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_bonus_items > 0`))
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .execute();

    await db.schema
      .createTable('bonus_promotion_products')
      .addColumn('bonus_promotion_id', 'text', (c) => c.notNull().references('bonus_promotions.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bonus_promotion_products_pk', ['bonus_promotion_id', 'product_id'])
      .execute();

    // Null for a line the shopper bought; set for a free gift. Removing the promotion removes its gifts.
    await db.schema
      .alterTable('basket_items')
      .addColumn('bonus_promotion_id', 'text', (c) => c.references('bonus_promotions.id').onDelete('cascade'))
      .execute();
  },
};
