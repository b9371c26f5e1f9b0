import { describe, expect, it } from 'vitest';
import { computeTotals, finalUnitPrice, shippingPrice, taxFor, type PricedLine } from '#src/server/commerce/pricing.ts';
import { FREE_REGULAR_SHIPPING_THRESHOLD_CENTS } from '#src/lib/constants.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  quantity: 1,
  listPrice: 2500,
  finalPrice: 2000,
  optionPrice: 0,
  productType: PRODUCT_TYPE.regular,
  ...over,
});
const regular = { id: 'Regular', priceCents: 799 };
const express = { id: 'Express', priceCents: 1499 };

describe('final price', () => {
  it('takes the best automatic promotion off the sale price, rounded to the cent', () => {
    expect(
      finalUnitPrice(2999, 'B', [
        { id: 'a', percentOff: 10 },
        { id: 'b', percentOff: 25 },
      ]),
    ).toEqual({ price: 2249, promotionId: 'b' });
  });
  it('gives final-sale colours no further promotion', () => {
    expect(finalUnitPrice(1499, 'F', [{ id: 'a', percentOff: 50 }])).toEqual({ price: 1499, promotionId: null });
  });
  it('is the sale price when no promotion applies', () => {
    expect(finalUnitPrice(1234, 'C', [])).toEqual({ price: 1234, promotionId: null });
  });
});

describe('basket totals', () => {
  it('adds line totals (unit price plus hemming, times quantity) and the shipping method', () => {
    const t = computeTotals([line({ quantity: 2, optionPrice: 800 }), line({ finalPrice: 999 })], regular, null);
    expect(t.subTotal).toBe((2000 + 800) * 2 + 999);
    expect(t.shippingAndHandling).toBe(799);
    expect(t.orderTotal).toBe(t.subTotal + 799);
    expect(t.youSaved).toBe(500 * 2 + (2500 - 999));
    expect(t.isTaxCalculated).toBe(false);
  });
  it('makes Regular shipping free from the threshold on, but not Express', () => {
    const big = [line({ finalPrice: FREE_REGULAR_SHIPPING_THRESHOLD_CENTS, listPrice: FREE_REGULAR_SHIPPING_THRESHOLD_CENTS })];
    expect(computeTotals(big, regular, null).shippingAndHandling).toBe(0);
    expect(computeTotals(big, express, null).shippingAndHandling).toBe(1499);
    expect(shippingPrice(regular, FREE_REGULAR_SHIPPING_THRESHOLD_CENTS - 1, false)).toBe(799);
  });
  it('charges no shipping for a digital-only bag (e-gift cards, membership)', () => {
    const t = computeTotals([line({ productType: PRODUCT_TYPE.eGiftCard, finalPrice: 5000, listPrice: 5000 })], express, null);
    expect(t.isDigitalItemsOnly).toBe(true);
    expect(t.shippingAndHandling).toBe(0);
  });
  it('is all zeros for an empty bag', () => {
    expect(computeTotals([], express, null)).toMatchObject({ subTotal: 0, shippingAndHandling: 0, orderTotal: 0 });
  });
  it('taxes merchandise only (not gift cards or shipping), rounding half up once', () => {
    const lines = [line({ finalPrice: 1999 }), line({ productType: PRODUCT_TYPE.giftCard, finalPrice: 5000 })];
    expect(taxFor(lines, 725)).toBe(145); // 1999 × 7.25 % = 144.93
    expect(taxFor([line({ finalPrice: 1000 })], 625)).toBe(63); // 62.5 rounds up
    const t = computeTotals(lines, regular, 725);
    expect(t.isTaxCalculated).toBe(true);
    expect(t.orderTotal).toBe(1999 + 5000 + 799 + 145);
  });
});
