import type { Selectable } from 'kysely';
import { CURRENCY_SYMBOL } from '#src/lib/constants.ts';
import type { Db } from '../db/database.ts';
import type { Tx } from '../db/transaction.ts';
import type { Database } from '../db/schema.ts';
import { finalUnitPrice, range, type AutoPromotion } from './pricing.ts';
import { promotionActiveAt } from './promotion-window.ts';
import { isGiftCard } from '#src/lib/product-types.ts';
import { codeCanApply, codeCanApplyToProduct } from '#src/lib/coupon-reach.ts';
import { CLEARANCE_MESSAGE, FINAL_SALE_MESSAGE } from '#src/lib/sale-messages.ts';
import { productShippingData } from '#src/lib/product-shipping.ts';
import type {
  ColorGroup,
  HemmingFamily,
  ProductSummary,
  ProductView,
  PromotionView,
  VariantView,
  VariationAttribute,
} from '#src/lib/commerce-types.ts';

type VariantRow = Selectable<Database['variants']> & { on_hand: number | null };

const ATTRIBUTE_NAMES: Record<string, string> = {
  size: 'Size',
  sizeFamily: 'Fit',
  braBandSize: 'Band Size',
  braCupSize: 'Cup Size',
  shoeWidth: 'Width',
};
const VARIANT_FIELD: Record<string, keyof VariantView> = {
  size: 'size',
  sizeFamily: 'sizeFamily',
  braBandSize: 'braBandSize',
  braCupSize: 'braCupSize',
  shoeWidth: 'shoeWidth',
};
const GROUP_BY_TYPE: Record<string, ColorGroup['type']> = { B: 'regularColors', C: 'clearanceColors', F: 'finalSaleColors' };

export const productUrl = (slug: string) => `/p/${slug}`;

const LETTER_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '1X', '2X', '3X'];
/** Sizes in the order a shopper reads them: letter sizes by size, numbers by value ("4P" as 4), then text. */
export function compareSizes(a: string, b: string): number {
  const la = LETTER_SIZES.indexOf(a);
  const lb = LETTER_SIZES.indexOf(b);
  if (la >= 0 && lb >= 0) return la - lb;
  const na = Number.parseFloat(a.replace(/^\$/, ''));
  const nb = Number.parseFloat(b.replace(/^\$/, ''));
  if (!Number.isNaN(na) && !Number.isNaN(nb) && na !== nb) return na - nb;
  return a.localeCompare(b);
}

/** Promotions that apply to a product, active now: linked to it, or brand-wide for its brand. */
async function promotionsFor(tx: Tx, productId: string, brand: string, now: string): Promise<Selectable<Database['promotions']>[]> {
  return tx
    .selectFrom('promotions')
    .selectAll()
    .where((eb) =>
      eb.and([
        eb.or([
          eb('brand_code', '=', brand),
          eb('id', 'in', eb.selectFrom('promotion_products').select('promotion_id').where('product_id', '=', productId)),
        ]),
        promotionActiveAt('promotions', now),
      ]),
    )
    .orderBy('id')
    .execute();
}

export function maxOrderable(v: { track_stock: number; back_ordered: number; on_hand: number | null }, maxQty: number): number {
  if (!v.track_stock || v.back_ordered) return maxQty;
  return Math.max(0, Math.min(maxQty, v.on_hand ?? 0));
}

export function variantView(v: VariantRow, colorType: string, maxQty: number, autoPromos: AutoPromotion[]): VariantView {
  const final = finalUnitPrice(v.sale_price_cents, colorType, autoPromos);
  const max = maxOrderable(v, maxQty);
  return {
    id: v.sku,
    color: v.color_id,
    size: v.size,
    sizeFamily: v.size_family,
    braBandSize: v.bra_band_size,
    braCupSize: v.bra_cup_size,
    shoeWidth: v.shoe_width,
    orderable: v.orderable === 1,
    inStock: v.orderable === 1 && max > 0,
    isBackOrdered: v.back_ordered === 1,
    maxOrderable: max,
    listPrice: v.list_price_cents,
    salePrice: v.sale_price_cents,
    finalPrice: final.price,
    colorType,
    promotionIds: final.promotionId ? [final.promotionId] : [],
  };
}

export async function readProduct(db: Db | Tx, idOrSlug: string): Promise<ProductView | null> {
  const tx = 'kysely' in db ? db.kysely : db;
  const product = await tx
    .selectFrom('products')
    .innerJoin('brands', 'brands.code', 'products.brand_code')
    .selectAll('products')
    .select('brands.name as brand_name')
    .where((eb) => eb.or([eb('products.id', '=', idOrSlug), eb('products.slug', '=', idOrSlug)]))
    .executeTakeFirst();
  if (!product) return null;

  const now = new Date().toISOString();
  const [colors, media, variants, promos, hemming, restrictions] = await Promise.all([
    tx.selectFrom('product_colors').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
    tx.selectFrom('product_media').selectAll().where('product_id', '=', product.id).orderBy('position').orderBy('id').execute(),
    tx
      .selectFrom('variants')
      .leftJoin('stock', 'stock.sku', 'variants.sku')
      .selectAll('variants')
      .select('stock.on_hand')
      .where('variants.product_id', '=', product.id)
      .orderBy('variants.sku')
      .execute(),
    promotionsFor(tx, product.id, product.brand_code, now),
    tx.selectFrom('hemming_options').selectAll().where('product_id', '=', product.id).orderBy('position').execute(),
    tx.selectFrom('product_shipping_restrictions').select('state_code').where('product_id', '=', product.id).orderBy('state_code').execute(),
  ]);

  const autoPromos = promos.filter((p) => !p.coupon_code).map((p) => ({ id: p.id, percentOff: p.percent_off }));
  const colorType = new Map(colors.map((c) => [c.color_id, c.color_type]));
  const variantViews = variants.map((v) => variantView(v, colorType.get(v.color_id) ?? 'B', product.max_order_qty, autoPromos));
  // A code is named on the page only if it can take something off this product (not on gift cards, say).
  const takesCodes = codeCanApplyToProduct(
    product.product_type,
    colors.map((c) => c.color_type),
  );
  const shownPromos = promos.filter((p) => !p.coupon_code || takesCodes);
  const hasCoupon = shownPromos.some((p) => p.coupon_code);

  const order = product.attribute_order ? product.attribute_order.split('|') : [];
  const attributes: VariationAttribute[] = [
    {
      id: 'color',
      name: 'Color',
      order: 0,
      values: colors.map((c) => ({ id: c.color_id, name: c.name, swatch: c.swatch_hex, colorType: c.color_type })),
    },
    ...order.map((id, i) => {
      const field = VARIANT_FIELD[id]!;
      const seen = [...new Set(variantViews.map((v) => v[field] as string | null).filter((x): x is string => !!x))].sort(compareSizes);
      const isAmount = isGiftCard(product.product_type);
      return { id, name: isAmount ? 'Amount' : (ATTRIBUTE_NAMES[id] ?? id), order: i + 1, values: seen.map((s) => ({ id: s, name: s })) };
    }),
  ];

  const colorGroups: ColorGroup[] = [];
  for (const type of ['B', 'C', 'F']) {
    const ids = colors.filter((c) => c.color_type === type).map((c) => c.color_id);
    if (ids.length === 0) continue;
    const vs = variantViews.filter((v) => ids.includes(v.color));
    colorGroups.push({
      type: GROUP_BY_TYPE[type]!,
      colors: ids,
      salePrice: range(vs.map((v) => v.salePrice)),
      finalPrice: range(vs.map((v) => v.finalPrice)),
      hasApplicableCoupon: hasCoupon && codeCanApply(product.product_type, type),
      messages: { colorGroupCallout: type === 'C' ? CLEARANCE_MESSAGE : type === 'F' ? FINAL_SALE_MESSAGE : null },
    });
  }

  const promotions: Record<string, PromotionView> = {};
  for (const p of shownPromos) {
    promotions[p.id] = {
      id: p.id,
      calloutMsg: p.callout_msg,
      details: p.details,
      couponCodeID: p.coupon_code,
      applied: !p.coupon_code,
      showPromoInPDP: p.show_in_pdp === 1,
      percentOff: p.percent_off,
    };
  }

  const hemmingByFamily: Record<string, HemmingFamily> = {};
  for (const h of hemming) {
    const family = hemmingByFamily[h.size_family] ?? {
      price: h.price_cents,
      message: 'Expedited shipping is not available for hemmed items.',
      options: [],
    };
    hemmingByFamily[h.size_family] = family;
    family.options.push({ id: h.option_id, value: h.inseam, displayValue: h.display_value, selectable: true });
  }

  const toMedia = (m: (typeof media)[number]) => ({ url: m.url, thumbUrl: m.thumb_url, alt: m.alt, color: m.color_id });
  return {
    id: product.id,
    masterId: product.id,
    name: product.name,
    slug: product.slug,
    url: productUrl(product.slug),
    brand: product.brand_code,
    brandName: product.brand_name,
    isSubBrand: product.is_sub_brand === 1,
    subBrandName: product.sub_brand_name,
    brandNamePageUrl: product.brand_page_url,
    productType: product.product_type,
    category: product.category,
    longDescription: product.description,
    isHemmable: product.is_hemmable === 1,
    sizeChartId: product.size_chart_id,
    isMasterWaitlisted: product.is_master_waitlisted === 1,
    completeOOS: variantViews.every((v) => !v.inStock),
    maxOrderQty: product.max_order_qty,
    attributeMappingHierarchy: product.attribute_order,
    variationAttributes: attributes,
    variants: variantViews,
    colorGroups,
    priceData: {
      listPrice: range(variantViews.map((v) => v.listPrice)),
      salePrice: range(variantViews.map((v) => v.salePrice)),
      finalPrice: range(variantViews.map((v) => v.finalPrice)),
      hasApplicableCoupon: hasCoupon,
    },
    promotions,
    images: media.filter((m) => m.kind === 'image').map(toMedia),
    videos: media.filter((m) => m.kind === 'video').map(toMedia),
    hemming: hemmingByFamily,
    currencySymbol: CURRENCY_SYMBOL,
    rating: product.rating,
    reviewCount: product.review_count,
    badges: product.badge ? [product.badge] : [],
    restrictedShippingStates: restrictions.map((r) => r.state_code),
    isProp65: product.is_prop65 === 1,
    isMarketplaceItem: false,
    isMonogrammable: false,
    shippingData: productShippingData({
      poBoxExcluded: product.is_po_box_excluded === 1,
      heavySurchargeCents: product.heavy_item_surcharge_cents,
    }),
  };
}

export async function listBrands(db: Db) {
  return db.kysely.selectFrom('brands').selectAll().orderBy('position').execute();
}

/** Tiles for listings, in brand order (home and brand pages). */
export async function listProductSummaries(db: Db, options: { brand?: string; limit?: number } = {}): Promise<ProductSummary[]> {
  let q = db.kysely
    .selectFrom('products')
    .innerJoin('brands', 'brands.code', 'products.brand_code')
    .select('products.id')
    .orderBy('brands.position')
    .orderBy('products.id')
    .limit(options.limit ?? 500);
  if (options.brand) q = q.where('products.brand_code', '=', options.brand);
  const products = await q.execute();
  return readSummaries(
    db,
    products.map((p) => p.id),
  );
}

/**
 * Tiles for the given products, in the given order (unknown ids are left out), in five set-based queries whatever
 * the number of products: what `toSummary(readProduct(id))` gives, without reading every variant's stock. Price
 * ranges come from the lowest and highest list and sale price per colour: the final price is a non-decreasing
 * function of the sale price within a colour (same colour type, same automatic promotions).
 */
export async function readSummaries(db: Db, ids: string[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const k = db.kysely;
  const now = new Date().toISOString();
  const [products, colors, images, prices, promos] = await Promise.all([
    k
      .selectFrom('products')
      .innerJoin('brands', 'brands.code', 'products.brand_code')
      .select(['products.id', 'products.name', 'products.slug', 'products.brand_code', 'brands.name as brand_name', 'products.rating'])
      .where('products.id', 'in', ids)
      .execute(),
    k
      .selectFrom('product_colors')
      .select(['product_id', 'color_id', 'name', 'swatch_hex', 'color_type'])
      .where('product_id', 'in', ids)
      .orderBy('product_id')
      .orderBy('position')
      .execute(),
    k
      .selectFrom('product_media')
      .select(['product_id', 'url', 'alt'])
      .where('product_id', 'in', ids)
      .where('kind', '=', 'image')
      .orderBy('product_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
    k
      .selectFrom('variants')
      .select((eb) => [
        'product_id',
        'color_id',
        eb.fn.min<number>('list_price_cents').as('min_list'),
        eb.fn.max<number>('list_price_cents').as('max_list'),
        eb.fn.min<number>('sale_price_cents').as('min_sale'),
        eb.fn.max<number>('sale_price_cents').as('max_sale'),
      ])
      .where('product_id', 'in', ids)
      .groupBy(['product_id', 'color_id'])
      .execute(),
    k
      .selectFrom('promotions')
      .leftJoin('promotion_products as pp', 'pp.promotion_id', 'promotions.id')
      .select(['promotions.id', 'promotions.percent_off', 'promotions.brand_code', 'pp.product_id'])
      .where('promotions.coupon_code', 'is', null)
      .where((eb) =>
        eb.or([
          eb('pp.product_id', 'in', ids),
          eb('promotions.brand_code', 'in', eb.selectFrom('products').select('brand_code').where('id', 'in', ids)),
        ]),
      )
      .where(promotionActiveAt('promotions', now))
      .execute(),
  ]);

  const byId = new Map(products.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const own = colors.filter((c) => c.product_id === id);
    const autoPromos = [
      ...new Map(
        promos.filter((pr) => pr.brand_code === p.brand_code || pr.product_id === id).map((pr) => [pr.id, { id: pr.id, percentOff: pr.percent_off }]),
      ).values(),
    ];
    const colorType = new Map(own.map((c) => [c.color_id, c.color_type]));
    const rows = prices.filter((r) => r.product_id === id);
    const final = (sale: number, color: string) => finalUnitPrice(Number(sale), colorType.get(color) ?? 'B', autoPromos).price;
    const first = images.find((m) => m.product_id === id);
    return [
      {
        id,
        name: p.name,
        url: productUrl(p.slug),
        brand: p.brand_code,
        brandName: p.brand_name,
        image: first?.url ?? '',
        imageAlt: first?.alt ?? p.name,
        listPrice: range(rows.flatMap((r) => [Number(r.min_list), Number(r.max_list)])),
        finalPrice: range(rows.flatMap((r) => [final(r.min_sale, r.color_id), final(r.max_sale, r.color_id)])),
        swatches: own.map((c) => ({ id: c.color_id, name: c.name, hex: c.swatch_hex ?? '#ccc' })),
        rating: p.rating,
      },
    ];
  });
}

/** A product's tile: first image, price ranges, swatches. */
export function toSummary(view: ProductView): ProductSummary {
  const first = view.images[0];
  return {
    id: view.id,
    name: view.name,
    url: view.url,
    brand: view.brand,
    brandName: view.brandName,
    image: first?.url ?? '',
    imageAlt: first?.alt ?? view.name,
    listPrice: view.priceData.listPrice,
    finalPrice: view.priceData.finalPrice,
    swatches: view.variationAttributes[0]!.values.map((v) => ({ id: v.id, name: v.name, hex: v.swatch ?? '#ccc' })),
    rating: view.rating,
  };
}
