import type { Db } from '../db/database.ts';
import { readSummaries } from '../commerce/catalog.ts';
import { promotionActiveAt } from '../commerce/promotion-window.ts';
import type { ProductSummary } from '#src/lib/commerce-types.ts';

/**
 * Read-only catalog queries for search, category pages, deals and recommendations: the one place besides the
 * engine's catalog.ts that reads the product, variant and promotion tables, so that search and recommendations
 * work on app types only. The commerce engine stays the owner of the catalog; these only read, in a few
 * set-based queries so that indexing 10 000 products stays quick.
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

export async function loadSearchDocuments(db: Db): Promise<SearchDocument[]> {
  const k = db.kysely;
  const [products, colors, images, prices] = await Promise.all([
    k
      .selectFrom('products')
      .innerJoin('brands', 'brands.code', 'products.brand_code')
      .select([
        'products.id',
        'products.name',
        'products.slug',
        'products.brand_code',
        'brands.name as brand_name',
        'products.category',
        'products.description',
        'products.rating',
        'brands.position',
      ])
      .orderBy('brands.position')
      .orderBy('products.id')
      .execute(),
    k.selectFrom('product_colors').select(['product_id', 'name']).orderBy('product_id').orderBy('position').execute(),
    k
      .selectFrom('product_media')
      .select(['product_id', 'thumb_url', 'position'])
      .where('kind', '=', 'image')
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    k
      .selectFrom('variants')
      .select(['product_id', (eb) => eb.fn.min<number>('sale_price_cents').as('min_price')])
      .groupBy('product_id')
      .execute(),
  ]);
  const colorNames = new Map<string, string[]>();
  for (const c of colors) (colorNames.get(c.product_id) ?? colorNames.set(c.product_id, []).get(c.product_id)!).push(c.name);
  const firstImage = new Map<string, string>();
  for (const m of images) if (!firstImage.has(m.product_id)) firstImage.set(m.product_id, m.thumb_url);
  const minPrice = new Map(prices.map((p) => [p.product_id, Number(p.min_price)]));
  return products.map((p) => ({
    id: p.id,
    name: p.name,
    slug: p.slug,
    brand: p.brand_code,
    brandName: p.brand_name,
    category: p.category,
    description: p.description,
    colors: (colorNames.get(p.id) ?? []).join(' '),
    rating: p.rating,
    image: firstImage.get(p.id) ?? '',
    minSalePrice: minPrice.get(p.id) ?? 0,
  }));
}

/** Tiles for the given products, in the given order (a few set-based queries for the whole page). */
export async function summariesFor(db: Db, ids: string[]): Promise<ProductSummary[]> {
  return readSummaries(db, ids);
}

export interface CurrentPromotion {
  id: string;
  callout: string;
  details: string;
  couponCode: string | null;
  percentOff: number;
  brandName: string | null;
  endsAt: string | null;
}

/** Promotions running now, automatic ones and codes, for /offers-coupons. */
export async function currentPromotions(db: Db, now = new Date()): Promise<CurrentPromotion[]> {
  const at = now.toISOString();
  const rows = await db.kysely
    .selectFrom('promotions')
    .leftJoin('brands', 'brands.code', 'promotions.brand_code')
    .select([
      'promotions.id',
      'promotions.callout_msg',
      'promotions.details',
      'promotions.coupon_code',
      'promotions.percent_off',
      'promotions.ends_at',
      'brands.name as brand_name',
    ])
    .where(promotionActiveAt('promotions', at))
    .orderBy('promotions.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    callout: r.callout_msg,
    details: r.details,
    couponCode: r.coupon_code,
    percentOff: r.percent_off,
    brandName: r.brand_name,
    endsAt: r.ends_at,
  }));
}

/** Category and brand of the given products: what recommendations start from. */
export async function productSignals(db: Db, ids: string[]): Promise<{ id: string; brand: string; category: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom('products').select(['id', 'brand_code', 'category']).where('id', 'in', ids).execute();
  return rows.map((r) => ({ id: r.id, brand: r.brand_code, category: r.category }));
}

/**
 * Ids of standard products, best rated first, in the given categories (any when not given), of none of the
 * brands in `notBrands`, leaving out `exclude`; at most `limit`.
 */
export async function bestRatedProductIds(
  db: Db,
  options: { categories?: string[]; notBrands?: string[]; exclude: string[]; limit: number },
): Promise<string[]> {
  let q = db.kysely.selectFrom('products').select('id').where('product_type', '=', 1).orderBy('rating', 'desc').orderBy('id');
  if (options.exclude.length) q = q.where('id', 'not in', options.exclude);
  if (options.categories) q = q.where('category', 'in', options.categories);
  if (options.notBrands) q = q.where('brand_code', 'not in', options.notBrands);
  return (await q.limit(options.limit).execute()).map((r) => r.id);
}
