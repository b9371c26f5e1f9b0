import { describe, expect, it } from 'vitest';
import { webPaymentButtonState } from '#src/lib/checkout/express-rules.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

const line = (c_productType: number) => ({ c_productType }) as never;
const bag = (types: number[], summary: { orderTotal: number; amountDue?: number }) => ({
  productItems: types.map(line),
  c_summary: summary as never,
});

describe('the web payment button mirrors the server’s express checkout rules', () => {
  it('is offered for a bag with something to pay', () => {
    expect(webPaymentButtonState(bag([PRODUCT_TYPE.regular], { orderTotal: 5_000, amountDue: 5_000 }))).toBe('enabled');
  });

  it('is hidden with a perks membership in the bag, whatever the total', () => {
    expect(webPaymentButtonState(bag([PRODUCT_TYPE.regular, PRODUCT_TYPE.membership], { orderTotal: 9_000, amountDue: 9_000 }))).toBe('hidden');
  });

  it('is hidden with no bag or an empty one', () => {
    expect(webPaymentButtonState(null)).toBe('hidden');
    expect(webPaymentButtonState(bag([], { orderTotal: 0, amountDue: 0 }))).toBe('hidden');
  });

  it('is disabled when gift cards or rewards leave 0 or less to pay', () => {
    expect(webPaymentButtonState(bag([PRODUCT_TYPE.regular], { orderTotal: 5_000, amountDue: 0 }))).toBe('disabled');
    expect(webPaymentButtonState(bag([PRODUCT_TYPE.regular], { orderTotal: 0 }))).toBe('disabled');
  });

  it('reads the amount due, not the order total', () => {
    expect(webPaymentButtonState(bag([PRODUCT_TYPE.regular], { orderTotal: 5_000, amountDue: 1 }))).toBe('enabled');
  });
});
