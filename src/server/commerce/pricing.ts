import { FREE_REGULAR_SHIPPING_THRESHOLD_CENTS } from '#src/lib/constants.ts';
import { isDigital, isMerchandise } from '#src/lib/product-types.ts';
import type { BasketSummary, PriceRange } from '#src/lib/commerce-types.ts';
import type { CouponStatus } from '#src/lib/promo-code.ts';
import { codeCanApply } from '#src/lib/coupon-reach.ts';
import { summaryDelivery } from '#src/lib/summary-delivery.ts';

/**
 * Pure pricing rules, all in integer cents. No I/O: the engine loads rows and calls these.
 */

export interface AutoPromotion {
  id: string;
  percentOff: number;
}

/**
 * The price a shopper pays for one unit: the sale price less the best automatic (code-free) promotion.
 * Final-sale colours (colorType F) take no further promotion. Rounded to the nearest cent.
 */
export function finalUnitPrice(salePrice: number, colorType: string, promotions: AutoPromotion[]): { price: number; promotionId: string | null } {
  if (colorType === 'F' || promotions.length === 0) return { price: salePrice, promotionId: null };
  const best = promotions.reduce((a, b) => (b.percentOff > a.percentOff ? b : a));
  return { price: Math.round((salePrice * (100 - best.percentOff)) / 100), promotionId: best.id };
}

export function range(values: number[]): PriceRange {
  if (values.length === 0) return { min: 0, max: 0 };
  return { min: Math.min(...values), max: Math.max(...values) };
}

export interface PricedLine {
  quantity: number;
  listPrice: number;
  finalPrice: number;
  optionPrice: number;
  productType: number;
  /** Coupon discount taken off this line, in cents (0 when none); see applyCoupons. */
  couponDiscount?: number;
}

export interface ShippingChoice {
  id: string;
  priceCents: number;
}

export function lineTotal(line: PricedLine): number {
  return (line.finalPrice + line.optionPrice) * line.quantity;
}

/** Regular shipping is free once merchandise reaches the threshold; nothing ships for a digital-only bag. */
export function shippingPrice(method: ShippingChoice, merchandiseCents: number, digitalOnly: boolean): number {
  if (digitalOnly) return 0;
  if (method.id === 'Regular' && merchandiseCents >= FREE_REGULAR_SHIPPING_THRESHOLD_CENTS) return 0;
  return method.priceCents;
}

/** Merchandise after coupons: what free shipping and tax are reckoned on (never gift cards or memberships). */
function merchandiseAfterCoupons(lines: PricedLine[]): number {
  return lines.filter((l) => isMerchandise(l.productType)).reduce((sum, l) => sum + lineTotal(l) - (l.couponDiscount ?? 0), 0);
}

/** Tax on taxable merchandise after coupons (not gift cards, memberships or shipping), rounded half-up once per basket. */
export function taxFor(lines: PricedLine[], rateBp: number): number {
  return Math.floor((merchandiseAfterCoupons(lines) * rateBp + 5000) / 10000);
}

/** What the shipping step adds to a bag that ships (see shipping-extras.ts), and the package protection fee. */
export interface TotalsExtras {
  giftCardSurcharges: number;
  heavyWeightItemSurcharges: number;
  peakHandlingFee: number;
  /** Charged (0 unless the shopper has protection added), and its price as offered ('' when not offered). */
  protectionFee: number;
  protectionDisplayValue: string;
}

export const NO_EXTRAS: TotalsExtras = {
  giftCardSurcharges: 0,
  heavyWeightItemSurcharges: 0,
  peakHandlingFee: 0,
  protectionFee: 0,
  protectionDisplayValue: '',
};

/**
 * Basket totals. `taxRateBp` is null until the basket has a shipping state: the summary then says
 * isTaxCalculated false and the order total leaves tax out ("calculated at checkout").
 * subTotal is the lines' total before coupons; coupon discounts are their own row (couponDiscount) and count in
 * youSaved. Free shipping and tax are reckoned on merchandise after coupons (what the shopper pays for it).
 * Shipping & handling is the method's charge plus the surcharges (none for a bag that ships nothing); the package
 * protection fee is its own row. orderTotal = subTotal - coupons + shipping & handling + tax + protection.
 */
export function computeTotals(
  lines: PricedLine[],
  method: ShippingChoice,
  taxRateBp: number | null,
  extras: TotalsExtras = NO_EXTRAS,
): BasketSummary {
  const subTotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const couponDiscount = lines.reduce((sum, l) => sum + (l.couponDiscount ?? 0), 0);
  const youSaved = lines.reduce((sum, l) => sum + (l.listPrice - l.finalPrice) * l.quantity, 0) + couponDiscount;
  const digitalOnly = lines.length > 0 && lines.every((l) => isDigital(l.productType));
  const ships = lines.length > 0 && !digitalOnly;
  const shippingCharge = ships ? shippingPrice(method, merchandiseAfterCoupons(lines), digitalOnly) : 0;
  const giftCardSurcharges = ships ? extras.giftCardSurcharges : 0;
  const heavyWeightItemSurcharges = ships ? extras.heavyWeightItemSurcharges : 0;
  const peakHandlingFee = ships ? extras.peakHandlingFee : 0;
  const shipping = shippingCharge + giftCardSurcharges + heavyWeightItemSurcharges + peakHandlingFee;
  const protection = ships ? extras.protectionFee : 0;
  const tax = taxRateBp === null ? 0 : taxFor(lines, taxRateBp);
  return {
    subTotal,
    couponDiscount,
    shippingAndHandling: shipping,
    totalTax: tax,
    isTaxCalculated: taxRateBp !== null,
    orderTotal: subTotal - couponDiscount + shipping + tax + protection,
    youSaved,
    isDigitalItemsOnly: digitalOnly,
    shippingAddressAvailable: taxRateBp !== null,
    shippingCharge,
    giftCardSurcharges,
    heavyWeightItemSurcharges,
    peakHandlingFee,
    routePackageProtectionFee: protection,
    routeProtectionDisplayValue: ships ? extras.protectionDisplayValue : '',
    ...summaryDelivery(lines.map((l) => l.productType)),
  };
}

/** A line as coupons see it: what it is, and its merchandise total after automatic promotions (no hemming). */
export interface CouponLine {
  productId: string;
  brand: string;
  colorType: string;
  productType: number;
  merchandise: number;
  /** A free gift (bonus line): no coupon applies to it. */
  isBonus?: boolean;
}

/** A coupon entered on the bag and the promotion behind it. */
export interface CouponRule {
  couponItemId: string;
  percentOff: number;
  /** Brand-wide promotion, or null. */
  brand: string | null;
  /** Products the promotion is linked to (master ids). */
  productIds: string[];
  /** False when the promotion has ended, not started, or no longer exists. */
  active: boolean;
}

export interface CouponOutcome {
  /** Per line (same order as the input): the winning coupon and its discount in cents, or null. */
  lines: ({ couponItemId: string; discount: number } | null)[];
  status: Record<string, CouponStatus>;
  /** Total discount per coupon. */
  discount: Record<string, number>;
}

/** Coupons take nothing off gift cards, memberships, final-sale colours or free gifts. */
export function couponApplies(rule: CouponRule, line: CouponLine): boolean {
  if (!rule.active || line.isBonus || !codeCanApply(line.productType, line.colorType)) return false;
  return rule.productIds.includes(line.productId) || (rule.brand !== null && rule.brand === line.brand);
}

/**
 * Coupons on a bag. Each line takes the best coupon that applies to it (codes do not stack on one line; on a tie
 * the code entered first wins), as a percentage of its merchandise total rounded to the cent. A coupon that
 * takes something off is 'applied'; an active one that takes nothing is 'valid but conditions not met' (e.g.
 * SAVE15 before any Willow & Wren item is in the bag); an ended or unknown one is 'invalid/expired'.
 */
export function applyCoupons(lines: CouponLine[], rules: CouponRule[]): CouponOutcome {
  const discount: Record<string, number> = Object.fromEntries(rules.map((r) => [r.couponItemId, 0]));
  const outcome = lines.map((line) => {
    const best = rules.filter((r) => couponApplies(r, line)).reduce<CouponRule | null>((a, b) => (a && a.percentOff >= b.percentOff ? a : b), null);
    if (!best) return null;
    const amount = Math.round((line.merchandise * best.percentOff) / 100);
    discount[best.couponItemId] = (discount[best.couponItemId] ?? 0) + amount;
    return { couponItemId: best.couponItemId, discount: amount };
  });
  const status: Record<string, CouponStatus> = {};
  for (const r of rules) {
    status[r.couponItemId] = !r.active
      ? 'invalid/expired'
      : outcome.some((o) => o?.couponItemId === r.couponItemId)
        ? 'applied'
        : 'valid but conditions not met';
  }
  return { lines: outcome, status, discount };
}
