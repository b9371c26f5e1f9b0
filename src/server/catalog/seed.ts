import type { Insertable } from 'kysely';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  BONUS_PROMOTIONS,
  BRA_BANDS,
  BRA_CUPS,
  BRANDS,
  DRESS_SIZES,
  GIFT_CARD_AMOUNTS_CENTS,
  HEMMING,
  PRODUCTS,
  PROMOTIONS,
  SHIPPING_METHODS,
  SHOE_SIZES,
  SHOE_WIDTHS,
  TAX_RATES_BP,
  TOP_SIZES,
  TROUSER_FAMILIES,
  type ColorDef,
  type Kind,
  type ProductDef,
} from './catalog-data.ts';
import { mediaUrl, videoUrl } from './media.ts';
import { raiseCatalogVersion } from '../commerce/catalog-version.ts';

const CATALOG_TABLES = [
  'brands',
  'products',
  'product_colors',
  'product_media',
  'variants',
  'stock',
  'promotions',
  'promotion_products',
  'hemming_options',
  'shipping_methods',
  'tax_rates',
  'bonus_promotions',
  'bonus_promotion_products',
  'product_shipping_restrictions',
] as const satisfies readonly (keyof Database)[];
type CatalogTable = (typeof CATALOG_TABLES)[number];
type Rows = { [T in CatalogTable]: Insertable<Database[T]>[] };

/** Deterministic PRNG (mulberry32) seeded from a string, so every seed run produces the same catalog. */
export function prng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ATTRIBUTE_ORDER: Record<Kind, string> = {
  top: 'size',
  dress: 'size',
  bra: 'braBandSize|braCupSize',
  shoe: 'size|shoeWidth',
  trouser: 'sizeFamily|size',
  accessory: '',
  giftcard: 'size',
  egiftcard: 'size',
  membership: '',
};

const PRODUCT_TYPE_BY_KIND: Partial<Record<Kind, number>> = {
  giftcard: PRODUCT_TYPE.giftCard,
  egiftcard: PRODUCT_TYPE.eGiftCard,
  membership: PRODUCT_TYPE.membership,
};

interface VariantShape {
  size: string | null;
  size_family: string | null;
  bra_band_size: string | null;
  bra_cup_size: string | null;
  shoe_width: string | null;
  list?: number;
}

function shapes(kind: Kind): VariantShape[] {
  const none = { size: null, size_family: null, bra_band_size: null, bra_cup_size: null, shoe_width: null };
  switch (kind) {
    case 'top':
      return TOP_SIZES.map((size) => ({ ...none, size }));
    case 'dress':
      return DRESS_SIZES.map((size) => ({ ...none, size }));
    case 'bra':
      // Not every cup is made in every band: 32 has no DD and 40 has no A, so changing the band can make the
      // chosen cup unavailable (the spec's "clear an unavailable secondary" case).
      return BRA_BANDS.flatMap((band) =>
        BRA_CUPS.filter((cup) => !(band === '32' && cup === 'DD') && !(band === '40' && cup === 'A')).map((cup) => ({
          ...none,
          bra_band_size: band,
          bra_cup_size: cup,
          size: `${band}${cup}`,
        })),
      );
    case 'shoe':
      return SHOE_SIZES.flatMap((size) => SHOE_WIDTHS.map((shoe_width) => ({ ...none, size, shoe_width })));
    case 'trouser':
      return Object.entries(TROUSER_FAMILIES).flatMap(([family, sizes]) => sizes.map((size) => ({ ...none, size, size_family: family })));
    case 'giftcard':
    case 'egiftcard':
      return GIFT_CARD_AMOUNTS_CENTS.map((cents) => ({ ...none, size: `$${cents / 100}`, list: cents }));
    case 'accessory':
    case 'membership':
      return [none];
  }
}

/** Clearance colours sell at 60 % of list, final-sale colours at 50 %, both ending in .99 cents. */
function colorSalePrice(def: ProductDef, color: ColorDef, list: number): number {
  const endIn99 = (cents: number) => Math.max(99, Math.floor(cents / 100) * 100 - 1);
  if (color.type === 'C') return endIn99(list * 0.6);
  if (color.type === 'F') return endIn99(list * 0.5);
  return def.saleCents ?? list;
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function productRows(def: ProductDef, rows: Rows): void {
  const type = PRODUCT_TYPE_BY_KIND[def.kind] ?? PRODUCT_TYPE.regular;
  const tracked = type === PRODUCT_TYPE.regular;
  rows.products.push({
    id: def.id,
    brand_code: def.brand,
    name: def.name,
    slug: `${slugify(def.name)}-${def.id}`,
    product_type: type,
    category: def.category,
    description: def.description,
    is_sub_brand: def.subBrand ? 1 : 0,
    sub_brand_name: def.subBrand?.name ?? null,
    brand_page_url: def.subBrand?.url ?? null,
    is_hemmable: def.kind === 'trouser' ? 1 : 0,
    size_chart_id: tracked && def.kind !== 'accessory' ? `size-chart-${def.kind}` : null,
    is_master_waitlisted: def.soldOut ? 1 : 0,
    max_order_qty: def.maxOrderQty ?? 10,
    attribute_order: ATTRIBUTE_ORDER[def.kind],
    badge: def.badge ?? null,
    rating: def.rating ?? null,
    review_count: def.reviews ?? 0,
    heavy_item_surcharge_cents: def.heavySurchargeCents ?? 0,
    is_po_box_excluded: def.poBoxExcluded ? 1 : 0,
    is_prop65: def.prop65 ? 1 : 0,
  });

  for (const state_code of def.restrictedStates ?? []) rows.product_shipping_restrictions.push({ product_id: def.id, state_code });

  const random = prng(def.id);
  def.colors.forEach((color, ci) => {
    rows.product_colors.push({
      product_id: def.id,
      color_id: color.id,
      name: color.name,
      swatch_hex: color.hex,
      color_type: color.type ?? 'B',
      position: ci,
    });
    const imageCount = def.images ?? 2;
    for (let n = 1; n <= imageCount; n++) {
      const url = mediaUrl(def.kind, color.hex, n);
      rows.product_media.push({
        id: `${def.id}-${color.id}-${n}`,
        product_id: def.id,
        color_id: color.id,
        position: n,
        kind: 'image',
        url,
        thumb_url: url,
        alt: `${def.name} in ${color.name}, view ${n}`,
      });
    }
    if (def.video && ci === 0) {
      rows.product_media.push({
        id: `${def.id}-video`,
        product_id: def.id,
        color_id: null,
        position: imageCount + 1,
        kind: 'video',
        url: videoUrl(),
        thumb_url: mediaUrl(def.kind, color.hex, 1),
        alt: `${def.name} on the move`,
      });
    }

    const all = shapes(def.kind);
    all.forEach((shape, si) => {
      const sku = [def.id, color.id, shape.size_family, shape.size, shape.shoe_width]
        .filter(Boolean)
        .join('-')
        .replace(/[$.]/g, (m) => (m === '.' ? '_' : ''));
      const list = shape.list ?? def.listCents;
      // The middle size of the first colour is always well stocked, so every product has a dependable
      // in-stock path; the rest is a deterministic mix of out-of-stock, back-ordered and low stock.
      const anchor = ci === 0 && si === Math.floor(all.length / 2);
      const roll = random();
      let onHand = anchor ? 40 : roll < 0.12 ? 0 : roll < 0.2 ? 1 + Math.floor(random() * 3) : 5 + Math.floor(random() * 30);
      let backOrdered = !anchor && roll >= 0.96 ? 1 : 0;
      if (backOrdered) onHand = 0;
      if (def.soldOut) {
        onHand = 0;
        backOrdered = 0;
      }
      const { list: _amount, ...attributes } = shape;
      rows.variants.push({
        sku,
        product_id: def.id,
        color_id: color.id,
        ...attributes,
        list_price_cents: list,
        sale_price_cents: tracked ? colorSalePrice(def, color, list) : list,
        orderable: 1,
        back_ordered: backOrdered,
        track_stock: tracked ? 1 : 0,
      });
      if (tracked) rows.stock.push({ sku, on_hand: onHand });
    });
  });

  if (def.kind === 'trouser') {
    for (const [family, { inseams, priceCents }] of Object.entries(HEMMING)) {
      inseams.forEach((inseam, i) => {
        rows.hemming_options.push({
          product_id: def.id,
          size_family: family,
          option_id: `${family.toLowerCase()}-${inseam}`,
          inseam,
          display_value: `${inseam}"`,
          price_cents: priceCents,
          position: i,
        });
      });
    }
  }
}

function emptyRows(): Rows {
  return Object.fromEntries(CATALOG_TABLES.map((t) => [t, []])) as unknown as Rows;
}

/** Builds every row of the catalog; `extraProducts` adds generated products for scale tests. */
export function catalogRows(extraProducts = 0): Rows {
  const rows = emptyRows();
  BRANDS.forEach((b, i) => {
    rows.brands.push({ code: b.code, name: b.name, tagline: b.tagline, position: i });
  });
  for (const def of PRODUCTS) productRows(def, rows);
  const templates = PRODUCTS.filter((p) => !PRODUCT_TYPE_BY_KIND[p.kind]);
  for (let i = 0; i < extraProducts; i++) {
    const t = templates[i % templates.length]!;
    const brand = BRANDS[i % BRANDS.length]!.code;
    productRows({ ...t, id: `gen-${i + 1}`, brand, name: `${t.name} No. ${i + 1}`, soldOut: false, subBrand: undefined, badge: undefined }, rows);
  }
  for (const p of PROMOTIONS) {
    rows.promotions.push({
      id: p.id,
      callout_msg: p.callout,
      details: p.details,
      coupon_code: p.couponCode ?? null,
      percent_off: p.percentOff,
      brand_code: p.brand ?? null,
      show_in_pdp: 1,
      starts_at: null,
      ends_at: null,
    });
    for (const productId of p.products ?? []) rows.promotion_products.push({ promotion_id: p.id, product_id: productId });
  }
  for (const b of BONUS_PROMOTIONS) {
    rows.bonus_promotions.push({
      id: b.id,
      callout_msg: b.callout,
      threshold_cents: b.thresholdCents,
      brand_code: b.brand ?? null,
      max_bonus_items: b.maxBonusItems,
      starts_at: null,
      ends_at: null,
    });
    b.products.forEach((product_id, position) => {
      rows.bonus_promotion_products.push({ bonus_promotion_id: b.id, product_id, position });
    });
  }
  SHIPPING_METHODS.forEach((m, i) => {
    rows.shipping_methods.push({ id: m.id, name: m.name, description: m.description, label: m.label, price_cents: m.priceCents, position: i });
  });
  for (const [state_code, rate_bp] of Object.entries(TAX_RATES_BP)) rows.tax_rates.push({ state_code, rate_bp });
  return rows;
}

const CHUNK = 400; // keeps every statement under PostgreSQL's 65 535 bind parameters

export async function seed(db: Db, options: { extraProducts?: number } = {}): Promise<{ products: number; variants: number }> {
  const rows = catalogRows(options.extraProducts ?? 0);
  await db.kysely.transaction().execute(async (tx) => {
    for (const table of CATALOG_TABLES) {
      const list = rows[table] as Record<string, unknown>[];
      for (let i = 0; i < list.length; i += CHUNK) {
        await tx
          .insertInto(table)
          .values(list.slice(i, i + CHUNK) as never)
          .execute();
      }
    }
    // A new catalog: every instance's cached pages are rendered again (the promotions' triggers raise it too).
    await raiseCatalogVersion(tx);
  });
  return { products: rows.products.length, variants: rows.variants.length };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.kysely
    .selectFrom('brands')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Seeds a store that has no catalog yet. Safe to call from every app instance at start: on PostgreSQL an
 * advisory lock makes concurrent starts wait for the first seeder instead of inserting twice.
 */
export async function seedIfEmpty(db: Db): Promise<void> {
  if (db.dialect === 'postgres') {
    await db.kysely.connection().execute(async (conn) => {
      const { sql } = await import('kysely');
      await sql`select pg_advisory_lock(727001)`.execute(conn);
      try {
        if (await isEmpty({ ...db, kysely: conn })) await seed({ ...db, kysely: conn });
      } finally {
        await sql`select pg_advisory_unlock(727001)`.execute(conn);
      }
    });
    return;
  }
  if (await isEmpty(db)) await seed(db);
}

/** Removes everything: accounts, orders, baskets, sessions and the catalog (`npm run seed -- --reset`, tests). */
export async function wipe(db: Db): Promise<void> {
  // Children before the rows they reference (tables whose rows cascade with their parent need no entry).
  const state: (keyof Database)[] = [
    'order_tenders',
    'bag_tenders',
    'gift_card_ledger',
    'gift_card_failures',
    'gift_cards',
    'perks_membership_orders',
    'perks_memberships',
    'rewards_ledger',
    'reward_certificates',
    'rewards_memberships',
    'store_card_applications',
    'store_card_prescreens',
    'store_card_ledger',
    'store_card_accounts',
    'paypal_sandbox_requests',
    'paypal_sandbox_authorizations',
    'paypal_sandbox_orders',
    'web_payment_orders',
    'web_payment_captures',
    'wallet_merchant_sessions',
    'oidc_payloads',
    'social_logins',
    'social_identities',
    'password_resets',
    'outbox',
    'rate_limits',
    'rewards_earnings',
    'orders',
    'sessions',
    'customers',
    'basket_items',
    'baskets',
    'content_audit',
    'editor_password_links',
    'editor_sessions',
    'editors',
  ];
  for (const table of [...state, ...[...CATALOG_TABLES].reverse()]) {
    await db.kysely.deleteFrom(table).execute();
  }
  // The content documents go back to their first versions (the files under src/content/header), live as at the start.
  await db.kysely.deleteFrom('content_publications').where('id', 'not like', 'seed-%').execute();
  await db.kysely.deleteFrom('content_versions').where('version', '>', 1).execute();
}
