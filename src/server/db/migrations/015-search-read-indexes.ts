import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Indexes for reading the catalog into the search index (src/server/search/search-documents.ts searchDocuments) a
 * brand and a few hundred products at a time: products by brand in id order (the brand index alone made each step
 * read and sort the whole brand: 70 ms a step at 100 000 products), each product's first image by position, and
 * each product's lowest sale price from the index alone. Each replaces the single-column index it starts with.
 */
export const searchReadIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('products_brand_id_idx').on('products').columns(['brand_code', 'id']).execute();
    await db.schema.dropIndex('products_brand_idx').execute();
    await db.schema.createIndex('product_media_product_kind_idx').on('product_media').columns(['product_id', 'kind', 'position']).execute();
    await db.schema.dropIndex('product_media_product_idx').execute();
    await db.schema.createIndex('variants_product_price_idx').on('variants').columns(['product_id', 'sale_price_cents']).execute();
    await db.schema.dropIndex('variants_product_idx').execute();
  },
};
