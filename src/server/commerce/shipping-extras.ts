import { DateTime } from 'luxon';
import { ECOSHIP_BUSINESS_DAYS, GIFT_CARD_FEE_CENTS, PEAK_SEASON, SHIPPING_TIME_ZONE } from '#src/lib/checkout/shipping-extras.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { isDigital } from '#src/lib/product-types.ts';

/**
 * Pure rules of the shipping step's extras, in integer cents and New York dates (src/lib/checkout/shipping-extras.ts
 * holds their constants). The basket pricer calls them with the time of its read, so a test sets the date.
 */

export interface SurchargeLine {
  productType: number;
  quantity: number;
  heavySurchargeCents: number;
}

/** Gift card fee (per plastic gift card) and heavy item surcharge (per unit), charged with shipping. */
export function productSurcharges(lines: SurchargeLine[]): { giftCardSurcharges: number; heavyWeightItemSurcharges: number } {
  let giftCardSurcharges = 0;
  let heavyWeightItemSurcharges = 0;
  for (const l of lines) {
    if (l.productType === PRODUCT_TYPE.giftCard) giftCardSurcharges += GIFT_CARD_FEE_CENTS * l.quantity;
    if (!isDigital(l.productType)) heavyWeightItemSurcharges += l.heavySurchargeCents * l.quantity;
  }
  return { giftCardSurcharges, heavyWeightItemSurcharges };
}

/**
 * New York's calendar day is the same all through a UTC hour (its offsets are whole hours), and working it out with
 * luxon's time zones costs more than the rest of a basket read: each answer below is kept for the hour it was asked in.
 */
function perUtcHour<T>(compute: (now: Date) => T): (now: Date) => T {
  let hour = Number.NaN;
  let value: T;
  return (now) => {
    const h = Math.floor(now.getTime() / 3_600_000);
    if (h !== hour) {
      value = compute(now);
      hour = h;
    }
    return value;
  };
}

/** Nov 15 to Dec 31 (both included) on the New York calendar. */
export const isPeakSeason = perUtcHour((now: Date): boolean => {
  const ny = DateTime.fromJSDate(now, { zone: SHIPPING_TIME_ZONE });
  const at = ny.month * 100 + ny.day;
  return at >= PEAK_SEASON.from.month * 100 + PEAK_SEASON.from.day && at <= PEAK_SEASON.to.month * 100 + PEAK_SEASON.to.day;
});

export const peakHandlingFee = (now: Date, feeCents: number, ships: boolean): number => (ships && isPeakSeason(now) ? feeCents : 0);

/**
 * The EcoShip date: ECOSHIP_BUSINESS_DAYS business days (Monday to Friday; holidays are not modelled) after today in
 * New York, as YYYY-MM-DD and as the shopper reads it ('Wednesday, December 2').
 */
export const ecoshipDate = perUtcHour((now: Date): { date: string; display: string } => {
  let day = DateTime.fromJSDate(now, { zone: SHIPPING_TIME_ZONE }).startOf('day');
  for (let left = ECOSHIP_BUSINESS_DAYS; left > 0; ) {
    day = day.plus({ days: 1 });
    if (day.weekday <= 5) left -= 1;
  }
  return { date: day.toISODate() ?? '', display: day.setLocale('en-US').toFormat('cccc, LLLL d') };
});
