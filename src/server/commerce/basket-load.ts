import { sql, type ExpressionBuilder } from 'kysely';
import { DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import { perksProgrammeName } from '#src/lib/perks/perks-texts.ts';
import { isDigital, PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { GIFT_CARD_METHOD, isCertificateMethod, type TenderMethod } from '#src/lib/tenders/tender-split.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BasketCheckoutTable } from '../db/schema-checkout.ts';
import { prepared } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';
import type { BonusRule } from './bonus-rules.ts';
import { autoPromotionsForBag, bonusRulesAt, catalogPromotions, type LoadedAutoPromotion } from './catalog-promotions.ts';
import type { CouponRule } from './pricing.ts';
import { isPromotionActive } from './promotion-window.ts';

/**
 * Everything a basket read needs, in set-based queries: the bag with its shipping method, tax rate, checkout row, the
 * catalog's version and whether it holds codes, and its lines with product, colour, stock, hemming, image and shipping
 * restriction, all in one statement; its coupons with their promotions, and its tenders with their gift cards'
 * balances, each read only when it has any; and the catalog's automatic and free-gift promotions, kept per catalog
 * version (catalog-promotions.ts). A bag without codes or tenders whose catalog version is the kept one is read in
 * one statement. No rule is applied here: basket-pricer.ts turns these rows into the basket view.
 */

export interface LoadedBasketHeader {
  id: string;
  currency: string;
  /** The method the shopper chose; pricing may use Regular instead (src/lib/standard-delivery.ts). */
  shippingMethodId: string;
  shippingStateCode: string | null;
  lastAddedItemId: string | null;
  /** The bag's version (raised by every write to it: migration 016), what a write checked against is read under. */
  version?: number;
  /** The chosen method as stored now (null when it no longer exists), and Regular. */
  chosenMethod: { name: string; priceCents: number; description?: string } | null;
  regularMethod: { name: string; priceCents: number; description?: string } | null;
  /** Tax rate of the shipping state in basis points; null when the bag has no state (or the state has no rate). */
  taxRateBp: number | null;
  /**
   * The billing address's state and its tax rate (null while no billing address of its own is given): a bag that
   * ships nothing is taxed from it (docs/decisions.md "Methods, their names, and tax").
   */
  billingStateCode?: string | null;
  billingTaxRateBp?: number | null;
  /** basket_checkout.package_protection and .ecoship (checkout-store.ts); absent means never chosen. */
  protectionChoice?: number;
  ecoshipChosen?: boolean;
  /** The perks membership of the account holding the bag, active or not (the pricer compares its end with `now`). */
  perks?: { endsAt: string; name: string } | null;
}

export interface LoadedLine {
  id: string;
  sku: string;
  productId: string;
  quantity: number;
  hemmingOptionId: string | null;
  inseam: string | null;
  hemPriceCents: number | null;
  giftRecipient: string | null;
  giftSender: string | null;
  giftRecipientEmail: string | null;
  giftMessage: string | null;
  bonusPromotionId: string | null;
  size: string | null;
  /** A shoe's width (M, W), part of how the line names its size; null otherwise. */
  shoeWidth?: string | null;
  listPriceCents: number;
  salePriceCents: number;
  orderable: boolean;
  backOrdered: number;
  trackStock: number;
  onHand: number | null;
  name: string;
  slug: string;
  brand: string;
  productType: number;
  isHemmable: boolean;
  maxOrderQty: number;
  colorName: string;
  colorType: string;
  imageUrl: string;
  /** The product may not ship to the bag's state. */
  restricted: boolean;
  /** Shipping step extras (product shippingData): heavy item surcharge per unit, and no P.O. box delivery. */
  heavySurchargeCents?: number;
  poBoxExcluded?: boolean;
}

/** A coupon entered on the bag and the promotion behind it as it stands now. */
export interface LoadedCoupon {
  code: string;
  promotionId: string | null;
  calloutMsg: string | null;
  rule: CouponRule;
}

/** A tender on the bag (src/server/tenders/) and what it holds now, in cents. */
export interface LoadedTender {
  id: string;
  method: TenderMethod;
  maskedNumber: string;
  position: number;
  available: number;
  /** What it draws on: one of a gift card, a certificate or a programme's rewards dollars (with the applying account). */
  giftCardId: string | null;
  certificateId: string | null;
  programme: string | null;
  customerId: string | null;
}

export interface LoadedBasket {
  header: LoadedBasketHeader;
  lines: LoadedLine[];
  autoPromotions: LoadedAutoPromotion[];
  coupons: LoadedCoupon[];
  /** Absent: none (a bag loaded by hand). */
  tenders?: LoadedTender[];
  bonusRules: BonusRule[];
  /** The time of the read (ISO): the calendar rules of shipping (peak season, EcoShip date) use it. */
  now?: string;
  /** The bag's checkout row (basket_checkout), read with it; null when the checkout has none yet. Absent: not read. */
  checkout?: LoadedCheckout | null;
}

/** The checkout's row as stored (src/server/checkout/checkout-store.ts reads it into the checkout's record). */
export type LoadedCheckout = Omit<Selectable<BasketCheckoutTable>, 'basket_id' | 'billing_state_code' | 'updated_at'>;

/** The holder's memberships, latest end first, as a subquery of the bag's header row (b). */
const holderMembership = (eb: ExpressionBuilder<Database & { b: Database['baskets'] }, 'b'>) =>
  eb
    .selectFrom('customers as pc')
    .innerJoin('perks_memberships as pm', 'pm.customer_id', 'pc.id')
    .whereRef('pc.basket_id', '=', 'b.id')
    .orderBy('pm.ends_at', 'desc')
    .limit(1);

/**
 * The bag's header row and its lines in one statement: the header's columns (its shipping method, tax rates, checkout
 * row, the catalog's version, whether it holds codes or tenders, the holder's membership) with each line's, one row
 * per line (one row with no line for an empty bag). A line whose variant, product or colour is gone is not the bag's
 * (the lines were an inner join of those).
 */
const loadRows = prepared((tx: Tx, basketId: string) =>
  tx
    .selectFrom('baskets as b')
    .leftJoin('tax_rates as t', 't.state_code', 'b.shipping_state_code')
    .leftJoin('shipping_methods as m', 'm.id', 'b.shipping_method_id')
    // Regular too: the bag is priced with it while a hemmed line is in it (src/lib/standard-delivery.ts).
    .leftJoin('shipping_methods as reg', (j) => j.on('reg.id', '=', DEFAULT_SHIPPING_METHOD_ID))
    .leftJoin('basket_checkout as bc', 'bc.basket_id', 'b.id')
    .leftJoin('tax_rates as bt', 'bt.state_code', 'bc.billing_state_code')
    .leftJoin('basket_items as i', 'i.basket_id', 'b.id')
    .leftJoin('variants as v', 'v.sku', 'i.sku')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('product_colors as c', (j) => j.onRef('c.product_id', '=', 'v.product_id').onRef('c.color_id', '=', 'v.color_id'))
    .leftJoin('stock as s', 's.sku', 'i.sku')
    .leftJoin('hemming_options as h', (j) => j.onRef('h.product_id', '=', 'i.product_id').onRef('h.option_id', '=', 'i.hemming_option_id'))
    .leftJoin('product_shipping_restrictions as r', (j) =>
      j.onRef('r.product_id', '=', 'i.product_id').onRef('r.state_code', '=', 'b.shipping_state_code'),
    )
    .select([
      'b.id',
      'b.currency',
      'b.shipping_method_id',
      'b.shipping_state_code',
      'b.last_added_item_id',
      'b.version',
      't.rate_bp',
      'm.name as method_name',
      'm.price_cents as method_price',
      'm.description as method_description',
      'reg.name as regular_name',
      'reg.price_cents as regular_price',
      'reg.description as regular_description',
      'bc.basket_id as checkout_of',
      'bc.email',
      'bc.email_subscribe',
      'bc.shipping_address',
      'bc.shipping_method_confirmed',
      'bc.billing_address',
      'bc.billing_same',
      'bc.payment',
      'bc.web_payment',
      'bc.billing_state_code',
      'bt.rate_bp as billing_rate_bp',
      'bc.package_protection',
      'bc.ecoship',
      'i.id as line_id',
      'v.sku as variant_sku',
      'p.id as product_found',
      'c.color_id as color_found',
      'i.sku',
      'i.product_id',
      'i.quantity',
      'i.hemming_option_id',
      'i.gift_recipient',
      'i.gift_sender',
      'i.gift_recipient_email',
      'i.gift_message',
      'i.bonus_promotion_id',
      'v.size',
      'v.shoe_width',
      'v.list_price_cents',
      'v.sale_price_cents',
      'v.orderable',
      'v.back_ordered',
      'v.track_stock',
      's.on_hand',
      'p.name',
      'p.slug',
      'p.brand_code',
      'p.product_type',
      'p.is_hemmable',
      'p.max_order_qty',
      'p.heavy_item_surcharge_cents',
      'p.is_po_box_excluded',
      'c.name as color_name',
      'c.color_type',
      'h.inseam',
      'h.price_cents as hem_price',
      'r.state_code as restricted_state',
    ])
    .select((eb) => {
      // The line's image: the first of its colour, else the product's first. Two lookups in the index's position
      // order rather than one sorted by 'colour first': no sort for each line.
      const firstImage = () =>
        eb
          .selectFrom('product_media as img')
          .select('img.url')
          .whereRef('img.product_id', '=', 'i.product_id')
          .where('img.kind', '=', 'image')
          .orderBy('img.position')
          .limit(1);
      return [
        eb.selectFrom('catalog_state').select('version').where('id', '=', 1).as('catalog_version'),
        eb.exists(eb.selectFrom('basket_coupons as bcp').select('bcp.id').whereRef('bcp.basket_id', '=', 'b.id')).as('has_coupons'),
        // The perks membership of the account holding the bag (none for a guest's): the one ending last, and its name.
        holderMembership(eb).select('pm.ends_at').as('perks_until'),
        holderMembership(eb)
          .innerJoin('products as pp', (j) => j.onRef('pp.brand_code', '=', 'pm.programme').on('pp.product_type', '=', PRODUCT_TYPE.membership))
          .select('pp.name')
          .as('perks_product_name'),
        eb.exists(eb.selectFrom('bag_tenders as btp').select('btp.id').whereRef('btp.basket_id', '=', 'b.id')).as('has_tenders'),
        eb.fn.coalesce(firstImage().whereRef('img.color_id', '=', 'v.color_id'), firstImage()).as('image_url'),
      ];
    })
    .where('b.id', '=', basketId)
    .where('b.status', '=', 'open')
    .orderBy('i.position'),
);

/** The product types of the bag's lines, of the lines loadRows counts as the bag's (variant, product and colour found). */
const lineTypes = prepared((tx: Tx, basketId: string) =>
  tx
    .selectFrom('basket_items as i')
    .innerJoin('variants as v', 'v.sku', 'i.sku')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('product_colors as c', (j) => j.onRef('c.product_id', '=', 'v.product_id').onRef('c.color_id', '=', 'v.color_id'))
    .select('p.product_type')
    .where('i.basket_id', '=', basketId),
);

/**
 * Whether the bag ships nothing: it has lines and every one is digital, as its priced summary says
 * (`isDigitalItemsOnly`, pricing.ts), read without loading and pricing the bag.
 */
export async function bagShipsNothing(tx: Tx, basketId: string): Promise<boolean> {
  const types = await lineTypes(tx, basketId);
  return types.length > 0 && types.every((l) => isDigital(l.product_type));
}

/** The bag's coupons, oldest first, each with its promotion as it stands now (a missing one is inactive). */
export const loadCouponRows = prepared((tx: Tx, basketId: string) =>
  tx
    .selectFrom('basket_coupons as bc')
    .leftJoin('promotions as pr', 'pr.coupon_code', 'bc.code')
    .leftJoin('promotion_products as pp', 'pp.promotion_id', 'pr.id')
    .select([
      'bc.id',
      'bc.code',
      'pr.id as promotion_id',
      'pr.callout_msg',
      'pr.percent_off',
      'pr.brand_code',
      'pr.starts_at',
      'pr.ends_at',
      'pp.product_id',
    ])
    .where('bc.basket_id', '=', basketId)
    .orderBy('bc.created_at')
    .orderBy('bc.id'),
);

/**
 * The bag's tenders in the order applied, each with what it holds now: a gift card the sum of its ledger; a
 * certificate its amount while it is the applying account's, unused and unexpired (0 otherwise); rewards dollars the
 * sum of the applying account's ledger in the programme while it is an active member (0 otherwise).
 */
const loadTenderRows = prepared((tx: Tx, basketId: string, now: string) =>
  tx
    .selectFrom('bag_tenders as t')
    .select(['t.id', 't.method', 't.masked_number', 't.position', 't.gift_card_id', 't.certificate_id', 't.programme', 't.customer_id'])
    .select((eb) => [
      eb
        .selectFrom('gift_card_ledger as l')
        .select((c) => c.fn.coalesce(c.fn.sum<number>('l.amount_cents'), sql<number>`0`).as('n'))
        .whereRef('l.card_id', '=', 't.gift_card_id')
        .as('card_balance'),
      eb
        .selectFrom('reward_certificates as rc')
        .select('rc.amount_cents')
        .whereRef('rc.id', '=', 't.certificate_id')
        .whereRef('rc.customer_id', '=', 't.customer_id')
        .where('rc.used_at', 'is', null)
        .where('rc.expires_at', '>', now)
        .as('certificate_amount'),
      eb
        .selectFrom('rewards_ledger as rl')
        .innerJoin('rewards_memberships as rm', (j) => j.onRef('rm.customer_id', '=', 'rl.customer_id').onRef('rm.programme', '=', 'rl.programme'))
        .select((c) => c.fn.coalesce(c.fn.sum<number>('rl.amount_cents'), sql<number>`0`).as('n'))
        .whereRef('rl.customer_id', '=', 't.customer_id')
        .whereRef('rl.programme', '=', 't.programme')
        .where('rm.is_active', '=', 1)
        .as('rewards_balance'),
    ])
    .where('t.basket_id', '=', basketId)
    .orderBy('t.position'),
);

/** What a loaded tender row holds now, by its kind. */
function tenderAvailable(r: { method: TenderMethod; card_balance: unknown; certificate_amount: unknown; rewards_balance: unknown }): number {
  const held = r.method === GIFT_CARD_METHOD ? r.card_balance : isCertificateMethod(r.method) ? r.certificate_amount : r.rewards_balance;
  return Math.max(0, Number(held ?? 0));
}

/** The rows of an open basket, or null when there is no open basket with that id. */
export async function loadBasket(tx: Tx, basketId: string, now: string): Promise<LoadedBasket | null> {
  const rows = await loadRows(tx, basketId);
  const header = rows[0];
  if (!header) return null;
  const lineRows = rows.flatMap((r) =>
    r.line_id !== null && r.variant_sku !== null && r.product_found !== null && r.color_found !== null ? [{ ...r, id: r.line_id }] : [],
  ) as LineRow[];
  const [couponRows, tenderRows, promotions] = await Promise.all([
    header.has_coupons ? loadCouponRows(tx, basketId) : [],
    header.has_tenders ? loadTenderRows(tx, basketId, now) : [],
    catalogPromotions(tx, Number(header.catalog_version)),
  ]);
  return {
    header: {
      id: header.id,
      currency: header.currency,
      shippingMethodId: header.shipping_method_id,
      shippingStateCode: header.shipping_state_code,
      lastAddedItemId: header.last_added_item_id,
      version: Number(header.version),
      chosenMethod:
        header.method_name === null
          ? null
          : { name: header.method_name, priceCents: header.method_price ?? 0, description: header.method_description ?? '' },
      regularMethod:
        header.regular_name === null
          ? null
          : { name: header.regular_name, priceCents: header.regular_price ?? 0, description: header.regular_description ?? '' },
      taxRateBp: header.rate_bp ?? null,
      billingStateCode: header.billing_state_code ?? null,
      billingTaxRateBp: header.billing_rate_bp ?? null,
      protectionChoice: header.package_protection ?? 0,
      ecoshipChosen: header.ecoship === 1,
      perks: header.perks_until ? { endsAt: header.perks_until, name: perksProgrammeName(header.perks_product_name ?? '') } : null,
    },
    lines: lineRows.map((r) => ({
      id: r.id,
      sku: r.sku,
      productId: r.product_id,
      quantity: r.quantity,
      hemmingOptionId: r.hemming_option_id,
      inseam: r.inseam ?? null,
      hemPriceCents: r.hem_price ?? null,
      giftRecipient: r.gift_recipient,
      giftSender: r.gift_sender,
      giftRecipientEmail: r.gift_recipient_email,
      giftMessage: r.gift_message,
      bonusPromotionId: r.bonus_promotion_id,
      size: r.size,
      shoeWidth: r.shoe_width,
      listPriceCents: r.list_price_cents,
      salePriceCents: r.sale_price_cents,
      orderable: r.orderable === 1,
      backOrdered: r.back_ordered,
      trackStock: r.track_stock,
      onHand: r.on_hand,
      name: r.name,
      slug: r.slug,
      brand: r.brand_code,
      productType: r.product_type,
      isHemmable: r.is_hemmable === 1,
      maxOrderQty: r.max_order_qty,
      colorName: r.color_name,
      colorType: r.color_type,
      imageUrl: r.image_url ?? '',
      restricted: r.restricted_state !== null,
      heavySurchargeCents: r.heavy_item_surcharge_cents,
      poBoxExcluded: r.is_po_box_excluded === 1,
    })),
    autoPromotions: autoPromotionsForBag(
      promotions,
      lineRows.map((r) => r.product_id),
      lineRows.map((r) => r.brand_code),
      now,
    ),
    coupons: [...Map.groupBy(couponRows, (r) => r.id).values()].map((group) => {
      const c = group[0]!;
      return {
        code: c.code,
        promotionId: c.promotion_id,
        calloutMsg: c.callout_msg,
        rule: {
          couponItemId: c.id,
          percentOff: c.percent_off ?? 0,
          brand: c.brand_code,
          productIds: group.flatMap((r) => (r.product_id === null ? [] : [r.product_id])),
          active: c.promotion_id !== null && isPromotionActive({ starts_at: c.starts_at, ends_at: c.ends_at }, now),
        },
      };
    }),
    tenders: tenderRows.map((r) => ({
      id: r.id,
      method: r.method,
      maskedNumber: r.masked_number,
      position: r.position,
      available: tenderAvailable(r),
      giftCardId: r.gift_card_id,
      certificateId: r.certificate_id,
      programme: r.programme,
      customerId: r.customer_id,
    })),
    bonusRules: bonusRulesAt(promotions, now),
    now,
    checkout:
      header.checkout_of === null
        ? null
        : {
            email: header.email,
            email_subscribe: header.email_subscribe ?? 0,
            shipping_address: header.shipping_address,
            shipping_method_confirmed: header.shipping_method_confirmed ?? 0,
            billing_address: header.billing_address,
            billing_same: header.billing_same ?? 1,
            payment: header.payment,
            package_protection: header.package_protection ?? 0,
            ecoship: header.ecoship ?? 0,
            web_payment: header.web_payment,
          },
  };
}

type Row = Awaited<ReturnType<typeof loadRows>>[number];
/** A row that holds a line: the line's columns are there (the left joins found them). */
type LineRow = { [K in keyof Row]: K extends LineColumn ? NonNullable<Row[K]> : Row[K] };
type LineColumn =
  | 'sku'
  | 'product_id'
  | 'quantity'
  | 'list_price_cents'
  | 'sale_price_cents'
  | 'orderable'
  | 'back_ordered'
  | 'track_stock'
  | 'name'
  | 'slug'
  | 'brand_code'
  | 'product_type'
  | 'is_hemmable'
  | 'max_order_qty'
  | 'heavy_item_surcharge_cents'
  | 'is_po_box_excluded'
  | 'color_name'
  | 'color_type';
