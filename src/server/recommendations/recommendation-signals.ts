import type { Db } from '../db/database.ts';

/** What recommendations read of the catalog: the signals of the products in view, and candidates to offer. Read-only. */

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
