import { describe, expect, it } from 'vitest';
import { applyCoupons, computeTotals, type CouponLine, type CouponRule, type PricedLine } from '#src/server/commerce/pricing.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

const line = (over: Partial<CouponLine> = {}): CouponLine => ({
  productId: 'ww-2001',
  brand: 'ww',
  colorType: 'B',
  productType: PRODUCT_TYPE.regular,
  merchandise: 5499,
  ...over,
});
const rule = (over: Partial<CouponRule> = {}): CouponRule => ({
  couponItemId: 'c1',
  percentOff: 15,
  brand: 'ww',
  productIds: [],
  active: true,
  ...over,
});
const regular = { id: 'Regular', priceCents: 799 };

describe('coupons on a bag', () => {
  it('a brand coupon takes its percentage off each line of the brand, rounded to the cent, and is applied', () => {
    const out = applyCoupons([line(), line({ productId: 'ww-2003', merchandise: 8999 }), line({ brand: 'fb', productId: 'fb-1001' })], [rule()]);
    expect(out.lines).toEqual([{ couponItemId: 'c1', discount: 825 }, { couponItemId: 'c1', discount: 1350 }, null]);
    expect(out.discount).toEqual({ c1: 825 + 1350 });
    expect(out.status).toEqual({ c1: 'applied' });
  });
  it('a product coupon applies to its linked products only', () => {
    const dress = rule({ couponItemId: 'd', percentOff: 10, brand: null, productIds: ['jl-4001'] });
    const out = applyCoupons([line({ productId: 'jl-4001', brand: 'jl', merchandise: 7999 }), line({ productId: 'jl-4005', brand: 'jl' })], [dress]);
    expect(out.lines).toEqual([{ couponItemId: 'd', discount: 800 }, null]);
  });
  it('a valid coupon with nothing to apply to waits: valid but conditions not met', () => {
    const out = applyCoupons([line({ brand: 'fb', productId: 'fb-1001' })], [rule()]);
    expect(out.status).toEqual({ c1: 'valid but conditions not met' });
    expect(out.discount).toEqual({ c1: 0 });
  });
  it('an ended or removed promotion makes its code invalid/expired, taking nothing', () => {
    const out = applyCoupons([line()], [rule({ active: false })]);
    expect(out.status).toEqual({ c1: 'invalid/expired' });
    expect(out.lines).toEqual([null]);
  });
  it('takes nothing off gift cards, memberships or final-sale colours', () => {
    const out = applyCoupons(
      [
        line({ productType: PRODUCT_TYPE.giftCard }),
        line({ productType: PRODUCT_TYPE.eGiftCard }),
        line({ productType: PRODUCT_TYPE.membership }),
        line({ colorType: 'F' }),
      ],
      [rule()],
    );
    expect(out.lines).toEqual([null, null, null, null]);
  });
  it('codes do not stack on one line: the best one wins, the first entered on a tie', () => {
    const out = applyCoupons(
      [line()],
      [rule({ couponItemId: 'a', percentOff: 10 }), rule({ couponItemId: 'b', percentOff: 20 }), rule({ couponItemId: 'c', percentOff: 20 })],
    );
    expect(out.lines).toEqual([{ couponItemId: 'b', discount: 1100 }]);
    expect(out.status).toEqual({ a: 'valid but conditions not met', b: 'applied', c: 'valid but conditions not met' });
  });
});

describe('totals with coupons', () => {
  const priced = (over: Partial<PricedLine> = {}): PricedLine => ({
    quantity: 1,
    listPrice: 5499,
    finalPrice: 5499,
    optionPrice: 0,
    productType: PRODUCT_TYPE.regular,
    ...over,
  });
  it('the coupons row is its own: subtotal before, order total after, and it counts in you saved', () => {
    const t = computeTotals([priced({ couponDiscount: 825 })], regular, null);
    expect(t).toMatchObject({ subTotal: 5499, couponDiscount: 825, shippingAndHandling: 799, orderTotal: 5499 - 825 + 799, youSaved: 825 });
  });
  it('tax is on merchandise after coupons', () => {
    const t = computeTotals([priced({ finalPrice: 10000, listPrice: 10000, couponDiscount: 1500 })], regular, 1000);
    expect(t.totalTax).toBe(850);
    expect(t.orderTotal).toBe(10000 - 1500 + 0 + 850); // $85 of merchandise still ships free
  });
  it('free Regular shipping is reckoned on merchandise after coupons', () => {
    const t = computeTotals([priced({ finalPrice: 7999, listPrice: 7999, couponDiscount: 800 })], regular, null);
    expect(t.shippingAndHandling).toBe(799); // $71.99 after the code is under $75
  });
  it('without codes nothing changes: couponDiscount 0', () => {
    expect(computeTotals([priced()], regular, null)).toMatchObject({ couponDiscount: 0, orderTotal: 5499 + 799, youSaved: 0 });
  });
});
