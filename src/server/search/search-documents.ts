import type { Db } from '../db/database.ts';

/**
 * The catalog as the search index reads it: one document per product, in a few set-based queries per chunk so that
 * indexing 100 000 products stays quick. Read-only; the commerce engine stays the owner of the catalog.
 */
export interface SearchDocument {
  id: string;
  name: string;
  slug: string;
  brand: string;
  brandName: string;
  category: string;
  description: string;
  colors: string;
  rating: number | null;
  image: string;
  /** Lowest sale price in cents (before automatic promotions): the key of the price sorts. */
  minSalePrice: number;
}

/** Products read per step while indexing: each step is a few short queries, so requests keep being served meanwhile. */
const SEARCH_LOAD_STEP = 500;

/**
 * Every product as a search document, in catalog order (brand, then id), in chunks of SEARCH_LOAD_STEP: each chunk
 * is one brand's next products by id, with their colours, first images and lowest prices.
 * The index takes each chunk before the next is read, so the catalog is never in memory twice: reading 100 000
 * products in four whole-table queries held about 600 MB of rows at once and kept the server busy for seconds.
 */
export async function* searchDocuments(db: Db): AsyncGenerator<SearchDocument[]> {
  const k = db.kysely;
  const brands = await k.selectFrom('brands').select(['code', 'name']).orderBy('position').execute();
  for (const brand of brands) {
    let after = '';
    for (;;) {
      const products = await k
        .selectFrom('products')
        .select(['id', 'name', 'slug', 'category', 'description', 'rating'])
        .where('brand_code', '=', brand.code)
        .where('id', '>', after)
        .orderBy('id')
        .limit(SEARCH_LOAD_STEP)
        .execute();
      if (products.length === 0) break;
      const ids = products.map((p) => p.id);
      after = ids.at(-1)!;
      const [colors, images, prices] = await Promise.all([
        k
          .selectFrom('product_colors')
          .select(['product_id', 'name'])
          .where('product_id', 'in', ids)
          .orderBy('product_id')
          .orderBy('position')
          .execute(),
        // The first image of each product only: all of them were about 20 rows a product, read to keep one.
        k
          .selectFrom('product_media as m')
          .innerJoin(
            (eb) =>
              eb
                .selectFrom('product_media')
                .select(['product_id', (f) => f.fn.min('position').as('first')])
                .where('kind', '=', 'image')
                .where('product_id', 'in', ids)
                .groupBy('product_id')
                .as('f'),
            (join) => join.onRef('f.product_id', '=', 'm.product_id').onRef('f.first', '=', 'm.position'),
          )
          .select(['m.product_id', 'm.thumb_url'])
          .where('m.kind', '=', 'image')
          .execute(),
        k
          .selectFrom('variants')
          .select(['product_id', (eb) => eb.fn.min<number>('sale_price_cents').as('min_price')])
          .where('product_id', 'in', ids)
          .groupBy('product_id')
          .execute(),
      ]);
      const colorNames = new Map<string, string[]>();
      for (const c of colors) (colorNames.get(c.product_id) ?? colorNames.set(c.product_id, []).get(c.product_id)!).push(c.name);
      const firstImage = new Map<string, string>();
      for (const m of images) if (!firstImage.has(m.product_id)) firstImage.set(m.product_id, m.thumb_url);
      const minPrice = new Map(prices.map((p) => [p.product_id, Number(p.min_price)]));
      yield products.map((p) => ({
        id: p.id,
        name: p.name,
        slug: p.slug,
        brand: brand.code,
        brandName: brand.name,
        category: p.category,
        description: p.description,
        colors: (colorNames.get(p.id) ?? []).join(' '),
        rating: p.rating,
        image: firstImage.get(p.id) ?? '',
        minSalePrice: minPrice.get(p.id) ?? 0,
      }));
    }
  }
}
