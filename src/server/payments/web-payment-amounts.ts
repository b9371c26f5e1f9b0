/**
 * An order's amount as PayPal's Orders v2 takes it: decimal strings, the total equal to item total + tax + shipping +
 * handling - discount, or PayPal refuses the order (AMOUNT_MISMATCH). The figures are the server's own, in cents;
 * the strings are made from integers, so they always add up.
 */
export interface AmountBreakdown {
  itemTotalCents: number;
  shippingCents: number;
  taxCents: number;
  handlingCents: number;
  discountCents: number;
}

export interface AmountStrings {
  value: string;
  breakdown: { itemTotal: string; shipping: string; taxTotal: string; handling: string; discount: string };
}

/** 1234 → '12.34'; cents are whole and not negative. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('An amount is a whole, non-negative number of cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** '12.34' → 1234; null for anything but a plain amount with two decimals at most. */
export function valueToCents(value: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export function totalCents(b: AmountBreakdown): number {
  return b.itemTotalCents + b.shippingCents + b.taxCents + b.handlingCents - b.discountCents;
}

/** The order's amount and its breakdown as strings; a total of zero or less cannot be paid this way. */
export function amountStrings(b: AmountBreakdown): AmountStrings {
  const total = totalCents(b);
  if (!(total > 0)) throw new RangeError('A web payment needs a total above zero');
  return {
    value: centsToValue(total),
    breakdown: {
      itemTotal: centsToValue(b.itemTotalCents),
      shipping: centsToValue(b.shippingCents),
      taxTotal: centsToValue(b.taxCents),
      handling: centsToValue(b.handlingCents),
      discount: centsToValue(b.discountCents),
    },
  };
}
