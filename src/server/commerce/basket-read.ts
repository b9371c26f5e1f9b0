import { CURRENCY, DEFAULT_SHIPPING_METHOD_ID, PRODUCT_TYPE } from '../../lib/constants.ts';
import type { Tx } from '../db/transaction.ts';
import { maxOrderable, productUrl } from './catalog.ts';
import { applyCoupons, computeTotals, finalUnitPrice, lineTotal, type CouponLine, type PricedLine } from './pricing.ts';
import { loadCoupons } from './coupons.ts';
import { COUPON_MESSAGES, MAX_DISCOUNTS_PER_BASKET } from '../../lib/promo-code.ts';
import type { BasketView, CouponItemView, LineItemView } from '../../lib/commerce-types.ts';
import { evaluateBonuses, type BonusEvaluation, type BonusLine, type BonusRule, type QualifyingLine } from './bonus-rules.ts';
import { loadBonusRules, offerViews } from './bonus-read.ts';

const EMPTY_SUMMARY = computeTotals([], { id: DEFAULT_SHIPPING_METHOD_ID, priceCents: 0 }, null);

export function emptyBasket(): BasketView {
  return {
    basketId: null,
    currency: CURRENCY,
    productItems: [],
    shipments: [{ shipmentId: 'me', shippingMethod: { id: DEFAULT_SHIPPING_METHOD_ID, name: DEFAULT_SHIPPING_METHOD_ID, price: 0 }, shippingAddress: null }],
    c_summary: EMPTY_SUMMARY,
    couponItems: [],
    isMaxDiscountsApplied: false,
    bonusDiscountLineItems: [],
    productSubTotal: 0,
    productTotal: 0,
    shippingTotal: 0,
    taxTotal: 0,
    orderTotal: 0,
    totalQuantity: 0,
    c_lastAddedItemInfo: null,
    c_notices: [],
    c_standardDeliveryOnly: false,
  };
}

/**
 * Reads a basket with every price recomputed from the catalog now: stored lines hold only what the shopper chose
 * (variant, quantity, options), never a price, so a price change or promotion end shows up at the next read.
 */
export async function readBasket(tx: Tx, basketId: string | null): Promise<BasketView> {
  return (await readBasketDetailed(tx, basketId)).view;
}

export interface DetailedRead {
  view: BasketView;
  /** Free lines that no longer belong (left out of `view`); basketView deletes them. */
  staleBonusItemIds: string[];
  /** The free-gift lines behind staleBonusItemIds, as the shopper saw them. */
  droppedBonusItems: LineItemView[];
  bonusRules: BonusRule[];
  bonus: BonusEvaluation;
}

const NO_BONUS: BonusEvaluation = { offers: [], drop: [] };

/** The basket view, with the free-gift evaluation behind it (what a claim checks, what must be removed). */
export async function readBasketDetailed(tx: Tx, basketId: string | null): Promise<DetailedRead> {
  const none = { view: emptyBasket(), staleBonusItemIds: [], droppedBonusItems: [], bonusRules: [], bonus: NO_BONUS };
  if (!basketId) return none;
  const basket = await tx.selectFrom('baskets').selectAll().where('id', '=', basketId).where('status', '=', 'open').executeTakeFirst();
  if (!basket) return none;

  const rows = await tx
    .selectFrom('basket_items as i')
    .innerJoin('variants as v', 'v.sku', 'i.sku')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('product_colors as c', (j) => j.onRef('c.product_id', '=', 'v.product_id').onRef('c.color_id', '=', 'v.color_id'))
    .leftJoin('stock as s', 's.sku', 'i.sku')
    .leftJoin('hemming_options as h', (j) => j.onRef('h.product_id', '=', 'i.product_id').onRef('h.option_id', '=', 'i.hemming_option_id'))
    .select([
      'i.id', 'i.sku', 'i.product_id', 'i.quantity', 'i.hemming_option_id', 'i.gift_recipient', 'i.gift_sender',
      'i.gift_recipient_email', 'i.gift_message', 'v.size', 'v.list_price_cents', 'v.sale_price_cents', 'v.orderable',
      'v.back_ordered', 'v.track_stock', 's.on_hand', 'p.name', 'p.slug', 'p.brand_code', 'p.product_type',
      'p.is_hemmable', 'p.max_order_qty', 'c.name as color_name', 'c.color_type', 'c.color_id', 'h.inseam',
      'h.price_cents as hem_price', 'i.bonus_promotion_id',
    ])
    .where('i.basket_id', '=', basketId)
    .orderBy('i.position')
    .execute();

  const productIds = [...new Set(rows.map((r) => r.product_id))];
  // Hemmed items ship by Regular (Standard Delivery) only: a stored faster choice is priced as Regular while the bag
  // holds one (it comes back when the hemmed line leaves, as the shopper chose it).
  const standardOnly = rows.some((r) => r.hemming_option_id !== null);
  const methodId = standardOnly ? DEFAULT_SHIPPING_METHOD_ID : basket.shipping_method_id;
  const brandCodes = [...new Set(rows.map((r) => r.brand_code))];
  const now = new Date().toISOString();
  const [promoRows, images, method, rate, coupons, bonusRules, restricted] = await Promise.all([
    productIds.length === 0
      ? Promise.resolve([])
      : tx
          .selectFrom('promotions as pr')
          .leftJoin('promotion_products as pp', 'pp.promotion_id', 'pr.id')
          .select(['pr.id', 'pr.percent_off', 'pr.brand_code', 'pp.product_id', 'pr.callout_msg'])
          .where('pr.coupon_code', 'is', null)
          .where((eb) => eb.or([eb('pp.product_id', 'in', productIds), eb('pr.brand_code', 'in', brandCodes)]))
          .where((eb) => eb.or([eb('pr.starts_at', 'is', null), eb('pr.starts_at', '<=', now)]))
          .where((eb) => eb.or([eb('pr.ends_at', 'is', null), eb('pr.ends_at', '>', now)]))
          .execute(),
    productIds.length === 0
      ? Promise.resolve([])
      : tx.selectFrom('product_media').select(['product_id', 'color_id', 'url']).where('product_id', 'in', productIds).where('kind', '=', 'image').orderBy('position').execute(),
    tx.selectFrom('shipping_methods').selectAll().where('id', '=', methodId).executeTakeFirst(),
    basket.shipping_state_code
      ? tx.selectFrom('tax_rates').select('rate_bp').where('state_code', '=', basket.shipping_state_code).executeTakeFirst()
      : Promise.resolve(undefined),
    loadCoupons(tx, basketId, now),
    rows.length === 0 ? Promise.resolve([]) : loadBonusRules(tx, now),
    productIds.length === 0 || !basket.shipping_state_code
      ? Promise.resolve([])
      : tx
          .selectFrom('product_shipping_restrictions')
          .select('product_id')
          .where('state_code', '=', basket.shipping_state_code)
          .where('product_id', 'in', productIds)
          .execute(),
  ]);
  const restrictedProducts = new Set(restricted.map((r) => r.product_id));

  const priced: PricedLine[] = [];
  const couponLines: CouponLine[] = [];
  const items: LineItemView[] = rows.map((r) => {
    // A free gift is priced 0 with no promotion or coupon; its list price counts neither in you-saved nor in totals.
    const isBonus = r.bonus_promotion_id !== null;
    const promos = promoRows
      .filter((p) => p.product_id === r.product_id || p.brand_code === r.brand_code)
      .map((p) => ({ id: p.id, percentOff: p.percent_off }));
    const final = isBonus ? { price: 0, promotionId: null } : finalUnitPrice(r.sale_price_cents, r.color_type, promos);
    const unit = final.price;
    const autoPromo = final.promotionId ? promoRows.find((p) => p.id === final.promotionId) : undefined;
    couponLines.push({ productId: r.product_id, brand: r.brand_code, colorType: r.color_type, productType: r.product_type, merchandise: unit * r.quantity, isBonus });
    const hemPrice = isBonus ? 0 : r.hem_price ?? 0;
    const line: PricedLine = { quantity: r.quantity, listPrice: isBonus ? 0 : r.list_price_cents, finalPrice: unit, optionPrice: hemPrice, productType: r.product_type };
    priced.push(line);
    const max = maxOrderable(r, r.max_order_qty);
    const outOfCatalog = !r.orderable;
    const outOfStock = outOfCatalog || max === 0;
    const image = images.find((m) => m.product_id === r.product_id && m.color_id === r.color_id) ?? images.find((m) => m.product_id === r.product_id);
    return {
      itemId: r.id,
      productId: r.sku,
      masterId: r.product_id,
      productName: r.name,
      brand: r.brand_code,
      quantity: r.quantity,
      price: lineTotal(line),
      basePrice: unit,
      c_productType: r.product_type,
      c_productImageUrl: image?.url ?? '',
      colorName: r.color_name,
      sizeLabel: r.size,
      optionItems: r.hemming_option_id
        ? [{ optionId: 'hemming', optionValueId: '1', price: hemPrice, itemText: `Hemming: ${r.inseam}" inseam` }]
        : [],
      priceAdjustments: autoPromo
        ? [{ promotionId: autoPromo.id, couponCode: null, price: -(r.sale_price_cents - unit) * r.quantity, itemText: autoPromo.callout_msg }]
        : [],
      bonusProductLineItem: isBonus,
      bonusDiscountLineItemId: r.bonus_promotion_id,
      showRestrictedShippingStateMessage: restrictedProducts.has(r.product_id),
      c_hemmingInseamLength: r.inseam ?? null,
      c_giftCardRecipient: r.gift_recipient,
      c_giftCardSender: r.gift_sender,
      c_giftCardRecipientEmail: r.gift_recipient_email,
      giftMessage: r.gift_message,
      c_lineItemDetails: {
        productUrl: productUrl(r.slug),
        variationModelMasterId: r.product_id,
        original_price_value: r.list_price_cents,
        sale_price_value: unit,
        maxOrderQuantity: isBonus ? 1 : Math.max(1, max),
        isHemmable: r.is_hemmable === 1,
        availabilityMsg: outOfCatalog
          ? 'This item is no longer available. Please remove it to continue.'
          : outOfStock
          ? 'This item is out of stock. Please remove it to continue.'
          : r.quantity > max
            ? `Only ${max} left in stock.`
            : r.back_ordered
              ? 'Back-ordered: ships in 2-3 weeks.'
              : r.product_type === PRODUCT_TYPE.regular && max <= 3
                ? `Hurry, only ${max} left.`
                : null,
        isOutOfStock: outOfStock,
        isOutOfCatalog: outOfCatalog,
      },
    };
  });

  // Coupons come last: they work on the lines' prices after automatic promotions.
  const applied = applyCoupons(couponLines, coupons.map((c) => c.rule));
  applied.lines.forEach((won, i) => {
    if (!won) return;
    const coupon = coupons.find((c) => c.rule.couponItemId === won.couponItemId)!;
    priced[i]!.couponDiscount = won.discount;
    items[i]!.priceAdjustments.push({ promotionId: coupon.promotionId!, couponCode: coupon.code, price: -won.discount, itemText: `${coupon.code}: ${coupon.calloutMsg}` });
  });
  const couponItems: CouponItemView[] = coupons.map((c) => {
    const statusCode = applied.status[c.rule.couponItemId]!;
    return {
      couponItemId: c.rule.couponItemId,
      code: c.code,
      statusCode,
      promotionId: c.promotionId,
      calloutMsg: c.calloutMsg,
      message: COUPON_MESSAGES[statusCode],
      discount: applied.discount[c.rule.couponItemId] ?? 0,
    };
  });

  // Free gifts: which offers the bag qualifies for, and which free lines no longer belong (left out here).
  const qualifying: QualifyingLine[] = [];
  const bonusLines: BonusLine[] = [];
  rows.forEach((r, i) => {
    if (r.bonus_promotion_id !== null) bonusLines.push({ itemId: r.id, promotionId: r.bonus_promotion_id, productId: r.product_id });
    else qualifying.push({ brand: r.brand_code, productType: r.product_type, merchandise: couponLines[i]!.merchandise, couponDiscount: priced[i]!.couponDiscount ?? 0, purchasable: !items[i]!.c_lineItemDetails.isOutOfStock });
  });
  const bonus = evaluateBonuses(bonusRules, qualifying, bonusLines);
  const keep = rows.map((r) => !bonus.drop.includes(r.id));
  const keptItems = items.filter((_, i) => keep[i]);
  const keptPriced = priced.filter((_, i) => keep[i]);
  const bonusDiscountLineItems = await offerViews(tx, bonusRules, bonus);

  const methodChoice = { id: method?.id ?? DEFAULT_SHIPPING_METHOD_ID, priceCents: method?.price_cents ?? 0 };
  const summary = computeTotals(keptPriced, methodChoice, rate ? rate.rate_bp : basket.shipping_state_code ? 0 : null);
  const last = keptItems.find((i) => i.itemId === basket.last_added_item_id);
  const view: BasketView = {
    basketId: basket.id,
    currency: basket.currency,
    productItems: keptItems,
    shipments: [
      {
        shipmentId: 'me',
        shippingMethod: { id: methodChoice.id, name: method?.name ?? methodChoice.id, price: summary.shippingAndHandling },
        shippingAddress: basket.shipping_state_code ? { stateCode: basket.shipping_state_code } : null,
      },
    ],
    c_summary: summary,
    couponItems,
    isMaxDiscountsApplied: couponItems.length >= MAX_DISCOUNTS_PER_BASKET,
    bonusDiscountLineItems,
    productSubTotal: summary.subTotal,
    productTotal: summary.subTotal - summary.couponDiscount,
    shippingTotal: summary.shippingAndHandling,
    taxTotal: summary.totalTax,
    orderTotal: summary.orderTotal,
    totalQuantity: keptItems.reduce((s, i) => s + i.quantity, 0),
    c_lastAddedItemInfo: last
      ? { itemId: last.itemId, quantity: last.quantity, salePrice: last.basePrice, originalPrice: last.c_lineItemDetails.original_price_value }
      : null,
    c_notices: [],
    c_standardDeliveryOnly: standardOnly,
  };
  const droppedBonusItems = items.filter((_, i) => !keep[i]);
  return { view, staleBonusItemIds: bonus.drop, droppedBonusItems, bonusRules, bonus };
}
