import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { slugify } from './seed.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { COLOR_TYPES, VARIANT_ATTRIBUTES, type FeedProduct, type FeedProductType, type VariantAttribute } from './feed-schema.ts';

/**
 * A feed product and the catalog's table rows, both ways: the import writes `toRows`, the export reads `fromRows`.
 * What the feed does not name is derived the way the seed derives it (media ids, hemming option ids and their
 * display value, the default slug), so that exporting the seeded catalog and importing it again changes nothing.
 */
export const FEED_TABLES = [
  'products',
  'product_colors',
  'product_media',
  'variants',
  'stock',
  'hemming_options',
  'product_shipping_restrictions',
] as const;
export type FeedTable = (typeof FEED_TABLES)[number];
export type FeedRows = { [T in FeedTable]: Selectable<Database[T]>[] };

export const emptyFeedRows = (): FeedRows => ({
  products: [],
  product_colors: [],
  product_media: [],
  variants: [],
  stock: [],
  hemming_options: [],
  product_shipping_restrictions: [],
});

export const hemmingOptionId = (h: { sizeFamily: string; inseam: string }) => `${h.sizeFamily.toLowerCase()}-${h.inseam}`;
export const defaultSlug = (p: { id: string; name: string }) => {
  const words = slugify(p.name);
  return words ? `${words}-${p.id}` : p.id;
};

const COLOR_TYPE_NAME = Object.fromEntries(Object.entries(COLOR_TYPES).map(([name, code]) => [code, name])) as Record<
  string,
  keyof typeof COLOR_TYPES
>;
const PRODUCT_TYPE_NAME = Object.fromEntries(Object.entries(PRODUCT_TYPE).map(([name, code]) => [code, name])) as Record<number, FeedProductType>;
const COLUMN: Record<VariantAttribute, 'size' | 'size_family' | 'bra_band_size' | 'bra_cup_size' | 'shoe_width'> = {
  size: 'size',
  sizeFamily: 'size_family',
  braBandSize: 'bra_band_size',
  braCupSize: 'bra_cup_size',
  shoeWidth: 'shoe_width',
};

/** Adds one product's rows to `rows`; returns its product row. */
export function toRows(p: FeedProduct, rows: FeedRows): FeedRows['products'][number] {
  const product: FeedRows['products'][number] = {
    id: p.id,
    brand_code: p.brand,
    name: p.name,
    slug: p.slug ?? defaultSlug(p),
    product_type: PRODUCT_TYPE[p.type],
    category: p.category,
    description: p.description,
    is_sub_brand: p.subBrand ? 1 : 0,
    sub_brand_name: p.subBrand?.name ?? null,
    brand_page_url: p.subBrand?.url ?? null,
    is_hemmable: p.hemming.length ? 1 : 0,
    size_chart_id: p.sizeChart ?? null,
    is_master_waitlisted: p.waitlisted ? 1 : 0,
    max_order_qty: p.maxOrderQty,
    attribute_order: p.attributes.join('|'),
    badge: p.badge ?? null,
    rating: p.rating ?? null,
    review_count: p.reviewCount,
    heavy_item_surcharge_cents: p.heavySurchargeCents,
    is_po_box_excluded: p.poBoxExcluded ? 1 : 0,
    is_prop65: p.prop65 ? 1 : 0,
  };
  rows.products.push(product);
  const tracked = p.type === 'regular';
  let mostImages = 0;
  p.colors.forEach((c, position) => {
    rows.product_colors.push({ product_id: p.id, color_id: c.id, name: c.name, swatch_hex: c.swatch, color_type: COLOR_TYPES[c.type], position });
    mostImages = Math.max(mostImages, c.images.length);
    c.images.forEach((image, i) => {
      const n = i + 1;
      rows.product_media.push({
        id: `${p.id}-${c.id}-${n}`,
        product_id: p.id,
        color_id: c.id,
        position: n,
        kind: 'image',
        url: image.url,
        thumb_url: image.thumbUrl ?? image.url,
        alt: image.alt,
      });
    });
    for (const variant of c.variants) {
      rows.variants.push({
        sku: variant.sku,
        product_id: p.id,
        color_id: c.id,
        size: variant.size ?? null,
        size_family: variant.sizeFamily ?? null,
        bra_band_size: variant.braBandSize ?? null,
        bra_cup_size: variant.braCupSize ?? null,
        shoe_width: variant.shoeWidth ?? null,
        list_price_cents: variant.listPriceCents,
        sale_price_cents: variant.salePriceCents,
        orderable: variant.orderable ? 1 : 0,
        back_ordered: variant.backOrdered ? 1 : 0,
        track_stock: tracked ? 1 : 0,
      });
      if (tracked) rows.stock.push({ sku: variant.sku, on_hand: variant.stock ?? 0 });
    }
  });
  if (p.video) {
    const { url, thumbUrl, alt } = p.video;
    rows.product_media.push({
      id: `${p.id}-video`,
      product_id: p.id,
      color_id: null,
      position: mostImages + 1,
      kind: 'video',
      url,
      thumb_url: thumbUrl ?? url,
      alt,
    });
  }
  const inFamily = new Map<string, number>();
  for (const h of p.hemming) {
    const position = inFamily.get(h.sizeFamily) ?? 0;
    inFamily.set(h.sizeFamily, position + 1);
    rows.hemming_options.push({
      product_id: p.id,
      size_family: h.sizeFamily,
      option_id: hemmingOptionId(h),
      inseam: h.inseam,
      display_value: `${h.inseam}"`,
      price_cents: h.priceCents,
      position,
    });
  }
  for (const state_code of p.restrictedStates) rows.product_shipping_restrictions.push({ product_id: p.id, state_code });
  return product;
}

/** One product's feed line from its rows (the export). Stock a tracked variant lacks a row for reads as 0. */
export function fromRows(rows: FeedRows & { onHand: ReadonlyMap<string, number> }): FeedProduct {
  const [p] = rows.products;
  if (!p) throw new Error('fromRows needs the product row');
  const image = (m: Selectable<Database['product_media']>) => ({
    url: m.url,
    ...(m.thumb_url !== m.url ? { thumbUrl: m.thumb_url } : {}),
    alt: m.alt,
  });
  const video = rows.product_media.find((m) => m.kind === 'video');
  const optional = <K extends string, T>(key: K, value: T | null) => (value === null ? {} : ({ [key]: value } as Record<K, T>));
  const byPosition = <T extends { position: number }>(list: T[]) => [...list].sort((a, b) => a.position - b.position);
  return {
    id: p.id,
    brand: p.brand_code,
    name: p.name,
    slug: p.slug,
    type: PRODUCT_TYPE_NAME[p.product_type] ?? 'regular',
    category: p.category,
    description: p.description,
    ...optional('badge', p.badge),
    ...optional('rating', p.rating),
    reviewCount: p.review_count,
    maxOrderQty: p.max_order_qty,
    ...optional('sizeChart', p.size_chart_id),
    ...(p.is_sub_brand && p.sub_brand_name && p.brand_page_url ? { subBrand: { name: p.sub_brand_name, url: p.brand_page_url } } : {}),
    waitlisted: p.is_master_waitlisted === 1,
    heavySurchargeCents: p.heavy_item_surcharge_cents,
    poBoxExcluded: p.is_po_box_excluded === 1,
    prop65: p.is_prop65 === 1,
    restrictedStates: rows.product_shipping_restrictions.map((r) => r.state_code).sort(),
    attributes: p.attribute_order ? (p.attribute_order.split('|') as VariantAttribute[]) : [],
    hemming: byPosition(rows.hemming_options)
      .sort((a, b) => a.size_family.localeCompare(b.size_family))
      .map((h) => ({ sizeFamily: h.size_family, inseam: h.inseam, priceCents: h.price_cents })),
    ...(video ? { video: image(video) } : {}),
    colors: byPosition(rows.product_colors).map((c) => ({
      id: c.color_id,
      name: c.name,
      swatch: c.swatch_hex,
      type: COLOR_TYPE_NAME[c.color_type] ?? 'regular',
      images: byPosition(rows.product_media.filter((m) => m.kind === 'image' && m.color_id === c.color_id)).map(image),
      variants: rows.variants
        .filter((v) => v.color_id === c.color_id)
        .map((v) => ({
          sku: v.sku,
          ...Object.fromEntries(VARIANT_ATTRIBUTES.flatMap((a) => (v[COLUMN[a]] === null ? [] : [[a, v[COLUMN[a]]]]))),
          listPriceCents: v.list_price_cents,
          salePriceCents: v.sale_price_cents,
          ...(v.track_stock ? { stock: rows.onHand.get(v.sku) ?? 0 } : {}),
          orderable: v.orderable === 1,
          backOrdered: v.back_ordered === 1,
        })),
    })),
  };
}
