import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountStrings, centsToValue, totalCents, valueToCents } from '#src/server/payments/web-payment-amounts.ts';

const cents = fc.integer({ min: 0, max: 10_000_000 });

describe('web payment amounts', () => {
  it('writes cents as PayPal amounts with two decimals', () => {
    expect(centsToValue(0)).toBe('0.00');
    expect(centsToValue(5)).toBe('0.05');
    expect(centsToValue(12_729)).toBe('127.29');
    expect(() => centsToValue(1.5)).toThrow(RangeError);
    expect(() => centsToValue(-1)).toThrow(RangeError);
  });

  it('any breakdown in cents gives strings whose parts add up exactly to the total', () => {
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, (itemTotalCents, shippingCents, taxCents, handlingCents, discountCents) => {
        const breakdown = { itemTotalCents, shippingCents, taxCents, handlingCents, discountCents };
        fc.pre(totalCents(breakdown) > 0);
        const { value, breakdown: parts } = amountStrings(breakdown);
        const read = (s: string) => valueToCents(s) ?? Number.NaN;
        expect(read(value)).toBe(totalCents(breakdown));
        expect(read(parts.itemTotal) + read(parts.taxTotal) + read(parts.shipping) + read(parts.handling) - read(parts.discount)).toBe(read(value));
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a total of zero or less: such an order is not paid by PayPal', () => {
    expect(() => amountStrings({ itemTotalCents: 1_000, shippingCents: 0, taxCents: 0, handlingCents: 0, discountCents: 1_000 })).toThrow(RangeError);
  });

  it('reads PayPal amounts back, and nothing that is not one', () => {
    expect(valueToCents('127.29')).toBe(12_729);
    expect(valueToCents('10')).toBe(1_000);
    expect(valueToCents('10.5')).toBe(1_050);
    for (const bad of ['', '1.234', '-1.00', '1e3', ' 1.00']) expect(valueToCents(bad)).toBeNull();
  });
});
