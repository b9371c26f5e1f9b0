import { FREE_REGULAR_SHIPPING_THRESHOLD_CENTS, PRODUCT_TYPE } from '../../lib/constants.ts';
import type { BasketSummary, PriceRange } from '../../lib/commerce-types.ts';

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
}

export interface ShippingChoice {
  id: string;
  priceCents: number;
}

const isDigital = (type: number) => type === PRODUCT_TYPE.eGiftCard || type === PRODUCT_TYPE.membership;
const isTaxable = (type: number) => type === PRODUCT_TYPE.regular;

export function lineTotal(line: PricedLine): number {
  return (line.finalPrice + line.optionPrice) * line.quantity;
}

/** Regular shipping is free once merchandise reaches the threshold; nothing ships for a digital-only bag. */
export function shippingPrice(method: ShippingChoice, merchandiseCents: number, digitalOnly: boolean): number {
  if (digitalOnly) return 0;
  if (method.id === 'Regular' && merchandiseCents >= FREE_REGULAR_SHIPPING_THRESHOLD_CENTS) return 0;
  return method.priceCents;
}

/** Tax on taxable merchandise only (not gift cards, memberships or shipping), rounded half-up once per basket. */
export function taxFor(lines: PricedLine[], rateBp: number): number {
  const taxable = lines.filter((l) => isTaxable(l.productType)).reduce((sum, l) => sum + lineTotal(l), 0);
  return Math.floor((taxable * rateBp + 5000) / 10000);
}

/**
 * Basket totals. `taxRateBp` is null until the basket has a shipping state: the summary then says
 * isTaxCalculated false and the order total leaves tax out ("calculated at checkout").
 */
export function computeTotals(lines: PricedLine[], method: ShippingChoice, taxRateBp: number | null): BasketSummary {
  const subTotal = lines.reduce((sum, l) => sum + lineTotal(l), 0);
  const youSaved = lines.reduce((sum, l) => sum + (l.listPrice - l.finalPrice) * l.quantity, 0);
  const digitalOnly = lines.length > 0 && lines.every((l) => isDigital(l.productType));
  const shipping = lines.length === 0 ? 0 : shippingPrice(method, subTotal, digitalOnly);
  const tax = taxRateBp === null ? 0 : taxFor(lines, taxRateBp);
  return {
    subTotal,
    shippingAndHandling: shipping,
    totalTax: tax,
    isTaxCalculated: taxRateBp !== null,
    orderTotal: subTotal + shipping + tax,
    youSaved,
    isDigitalItemsOnly: digitalOnly,
    shippingAddressAvailable: taxRateBp !== null,
  };
}
