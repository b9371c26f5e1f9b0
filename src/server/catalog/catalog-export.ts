import type { Db } from '../db/database.ts';
import { fromRows } from './feed-rows.ts';

/** Products read per round of queries. */
const PAGE = 500;

/**
 * The catalog as a feed (docs/catalog-feed.md), one line per product in id order: what a merchandiser edits and
 * imports again, and how the 100 000-product feed of the import's measurement is made from a seeded store.
 */
export async function* exportFeed(db: Db): AsyncGenerator<string> {
  const k = db.kysely;
  let after = '';
  for (;;) {
    const products = await k.selectFrom('products').selectAll().where('id', '>', after).orderBy('id').limit(PAGE).execute();
    if (products.length === 0) return;
    const ids = products.map((p) => p.id);
    const [colors, media, variants, stock, hemming, restrictions] = await Promise.all([
      k.selectFrom('product_colors').selectAll().where('product_id', 'in', ids).execute(),
      k.selectFrom('product_media').selectAll().where('product_id', 'in', ids).execute(),
      k.selectFrom('variants').selectAll().where('product_id', 'in', ids).orderBy('sku').execute(),
      k
        .selectFrom('stock')
        .innerJoin('variants', 'variants.sku', 'stock.sku')
        .select(['stock.sku', 'stock.on_hand'])
        .where('variants.product_id', 'in', ids)
        .execute(),
      k.selectFrom('hemming_options').selectAll().where('product_id', 'in', ids).execute(),
      k.selectFrom('product_shipping_restrictions').selectAll().where('product_id', 'in', ids).execute(),
    ]);
    const onHand = new Map(stock.map((s) => [s.sku, s.on_hand]));
    const byProduct = <T extends { product_id: string }>(list: T[]) => {
      const map = new Map<string, T[]>();
      for (const row of list) (map.get(row.product_id) ?? map.set(row.product_id, []).get(row.product_id)!).push(row);
      return (id: string) => map.get(id) ?? [];
    };
    const [c, m, v, h, r] = [byProduct(colors), byProduct(media), byProduct(variants), byProduct(hemming), byProduct(restrictions)];
    for (const p of products) {
      yield JSON.stringify(
        fromRows({
          products: [p],
          product_colors: c(p.id),
          product_media: m(p.id),
          variants: v(p.id),
          stock: [],
          hemming_options: h(p.id),
          product_shipping_restrictions: r(p.id),
          onHand,
        }),
      );
    }
    after = ids[ids.length - 1]!;
  }
}
