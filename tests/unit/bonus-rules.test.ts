import { describe, expect, it } from 'vitest';
import {
  claimRefusal,
  evaluateBonuses,
  qualifyingMerchandise,
  qualifies,
  type BonusRule,
  type QualifyingLine,
} from '#src/server/commerce/bonus-rules.ts';
import { applyCoupons, computeTotals } from '#src/server/commerce/pricing.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';

const rule = (over: Partial<BonusRule> = {}): BonusRule => ({
  id: 'tote',
  calloutMsg: 'Free tote with $75 or more',
  thresholdCents: 7500,
  brand: null,
  maxBonusItems: 1,
  productIds: ['fb-1007', 'jl-4007'],
  active: true,
  ...over,
});
const line = (merchandise: number, over: Partial<QualifyingLine> = {}): QualifyingLine => ({
  brand: 'fb',
  productType: PRODUCT_TYPE.regular,
  merchandise,
  couponDiscount: 0,
  purchasable: true,
  ...over,
});

describe('a bag qualifies for a free gift', () => {
  it('when its merchandise after automatic promotions and coupons reaches the threshold', () => {
    expect(qualifies(rule(), [line(5000), line(2500)])).toBe(true);
    expect(qualifies(rule(), [line(5000), line(2499)])).toBe(false);
    expect(qualifies(rule(), [line(8000, { couponDiscount: 501 })])).toBe(false);
    expect(qualifies(rule(), [line(8000, { couponDiscount: 500 })])).toBe(true);
  });
  it('counting neither gift cards, memberships, nor lines that cannot be bought now', () => {
    expect(
      qualifyingMerchandise([line(10000, { productType: PRODUCT_TYPE.giftCard }), line(2900, { productType: PRODUCT_TYPE.membership })], null),
    ).toBe(0);
    expect(qualifyingMerchandise([line(10000, { purchasable: false }), line(1000)], null)).toBe(1000);
  });
  it("counting only the promotion's brand when it names one", () => {
    expect(qualifyingMerchandise([line(5000, { brand: 'ww' }), line(5000, { brand: 'fb' })], 'ww')).toBe(5000);
    expect(qualifies(rule({ brand: 'ww' }), [line(5000, { brand: 'ww' }), line(5000)])).toBe(false);
  });
  it('never while the promotion is not running', () => {
    expect(qualifies(rule({ active: false }), [line(100000)])).toBe(false);
  });
});

describe('free lines in the bag', () => {
  const bonus = (itemId: string, productId = 'fb-1007', promotionId = 'tote') => ({ itemId, productId, promotionId });

  it('an unclaimed offer is listed; a claimed one says so', () => {
    expect(evaluateBonuses([rule()], [line(7500)], [])).toEqual({ offers: [{ promotionId: 'tote', claimedCount: 0, claimed: false }], drop: [] });
    expect(evaluateBonuses([rule()], [line(7500)], [bonus('b1')])).toEqual({
      offers: [{ promotionId: 'tote', claimedCount: 1, claimed: true }],
      drop: [],
    });
    expect(evaluateBonuses([rule({ maxBonusItems: 2 })], [line(7500)], [bonus('b1')]).offers[0]).toMatchObject({ claimedCount: 1, claimed: false });
  });
  it('no offer below the threshold, and a free line already claimed is dropped', () => {
    expect(evaluateBonuses([rule()], [line(7499)], [bonus('b1')])).toEqual({ offers: [], drop: ['b1'] });
  });
  it('drops free lines of an ended or unknown promotion, of a product no longer offered, and over the limit', () => {
    expect(evaluateBonuses([rule({ active: false })], [line(9000)], [bonus('b1')]).drop).toEqual(['b1']);
    expect(evaluateBonuses([], [line(9000)], [bonus('b1')]).drop).toEqual(['b1']);
    expect(evaluateBonuses([rule()], [line(9000)], [bonus('b1', 'fb-1001')]).drop).toEqual(['b1']);
    expect(evaluateBonuses([rule()], [line(9000)], [bonus('b1'), bonus('b2', 'jl-4007')])).toEqual({
      offers: [{ promotionId: 'tote', claimedCount: 1, claimed: true }],
      drop: ['b2'],
    });
  });
});

describe('claiming a free gift', () => {
  const rules = [rule()];
  it('is allowed for an offered product while the bag qualifies and the gift is unclaimed', () => {
    expect(claimRefusal(rules, evaluateBonuses(rules, [line(7500)], []), 'tote', 'jl-4007')).toBeNull();
  });
  it('is refused for an unknown or ended offer, a product not offered, a bag that does not qualify, a claimed gift', () => {
    const qualifying = evaluateBonuses(rules, [line(7500)], []);
    expect(claimRefusal(rules, qualifying, 'nope', 'fb-1007')).toBe('unknown');
    expect(claimRefusal([rule({ active: false })], qualifying, 'tote', 'fb-1007')).toBe('unknown');
    expect(claimRefusal(rules, qualifying, 'tote', 'fb-1001')).toBe('notOffered');
    expect(claimRefusal(rules, evaluateBonuses(rules, [line(100)], []), 'tote', 'fb-1007')).toBe('notQualified');
    const claimed = evaluateBonuses(rules, [line(7500)], [{ itemId: 'b1', productId: 'fb-1007', promotionId: 'tote' }]);
    expect(claimRefusal(rules, claimed, 'tote', 'jl-4007')).toBe('claimed');
  });
});

describe('a free line is priced 0', () => {
  it('takes no coupon and changes neither the subtotal nor you-saved', () => {
    const coupon = { couponItemId: 'c', percentOff: 15, brand: 'fb', productIds: [], active: true };
    const out = applyCoupons([{ productId: 'fb-1007', brand: 'fb', colorType: 'B', productType: 1, merchandise: 0, isBonus: true }], [coupon]);
    expect(out.lines).toEqual([null]);
    expect(out.status.c).toBe('valid but conditions not met');
    const paid = { quantity: 1, listPrice: 8000, finalPrice: 8000, optionPrice: 0, productType: 1 };
    const free = { quantity: 1, listPrice: 0, finalPrice: 0, optionPrice: 0, productType: 1 };
    const method = { id: 'Regular', priceCents: 799 };
    expect(computeTotals([paid, free], method, null)).toEqual(computeTotals([paid], method, null));
  });
});
