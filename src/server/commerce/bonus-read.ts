import type { Tx } from '../db/transaction.ts';
import type { BonusProductView } from '#src/lib/commerce-types.ts';
import type { BonusOffer } from '#src/lib/commerce/bag.ts';
import { sizeLabel } from '#src/lib/selection.ts';
import { maxOrderable } from './catalog.ts';
import type { BonusEvaluation, BonusRule } from './bonus-rules.ts';

// Reads for free gifts: for the offers a bag qualifies for, what the picker needs to choose a product and colour (the
// rules themselves are catalog-promotions.ts's, kept per catalog version).

/** The offered products with every colour and size, each marked whether it can be added now. */
export async function loadBonusProducts(tx: Tx, productIds: string[]): Promise<Map<string, BonusProductView>> {
  const out = new Map<string, BonusProductView>();
  if (productIds.length === 0) return out;
  const [rows, images] = await Promise.all([
    tx
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .innerJoin('product_colors as c', (j) => j.onRef('c.product_id', '=', 'v.product_id').onRef('c.color_id', '=', 'v.color_id'))
      .leftJoin('stock as s', 's.sku', 'v.sku')
      .select([
        'v.sku',
        'v.product_id',
        'v.color_id',
        'v.size',
        'v.shoe_width',
        'v.orderable',
        'v.track_stock',
        'v.back_ordered',
        'v.list_price_cents',
        's.on_hand',
        'p.name',
        'p.max_order_qty',
        'c.name as color_name',
        'c.position as color_position',
      ])
      .where('v.product_id', 'in', productIds)
      .orderBy('c.position')
      .orderBy('v.sku')
      .execute(),
    tx
      .selectFrom('product_media')
      .select(['product_id', 'color_id', 'url'])
      .where('product_id', 'in', productIds)
      .where('kind', '=', 'image')
      .orderBy('position')
      .execute(),
  ]);
  for (const r of rows) {
    const image = images.find((m) => m.product_id === r.product_id && m.color_id === r.color_id)?.url ?? '';
    let product = out.get(r.product_id);
    if (!product) {
      product = { productId: r.product_id, productName: r.name, image, price: r.list_price_cents, variants: [] };
      out.set(r.product_id, product);
    }
    product.price = Math.min(product.price, r.list_price_cents);
    product.variants.push({
      productId: r.sku,
      colorName: r.color_name,
      sizeLabel: sizeLabel({ size: r.size, shoeWidth: r.shoe_width }),
      image,
      orderable: r.orderable === 1 && maxOrderable(r, r.max_order_qty) > 0,
    });
  }
  return out;
}

/** The bag's free-gift offers: one per offer the bag qualifies for, with the products to choose from. */
export async function bonusOffersOf(tx: Tx, rules: BonusRule[], evaluation: BonusEvaluation): Promise<BonusOffer[]> {
  const offered = evaluation.offers.map((o) => ({ offer: o, rule: rules.find((r) => r.id === o.promotionId)! }));
  const choices = await loadBonusProducts(tx, [...new Set(offered.flatMap(({ rule }) => rule.productIds))]);
  return offered.map(({ offer, rule }) => ({
    id: rule.id,
    calloutMsg: rule.calloutMsg,
    maxBonusItems: rule.maxBonusItems,
    claimed: offer.claimed,
    bonusProducts: rule.productIds.flatMap((id) => choices.get(id) ?? []),
  }));
}
