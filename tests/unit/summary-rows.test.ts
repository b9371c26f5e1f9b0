import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import { summaryRows } from '#src/lib/summary-rows.ts';

const summary = (over: Partial<BasketSummary> = {}): BasketSummary => ({
  subTotal: 3999,
  couponDiscount: 0,
  shippingAndHandling: 1098,
  totalTax: 260,
  isTaxCalculated: true,
  orderTotal: 5455,
  youSaved: 0,
  isDigitalItemsOnly: false,
  shippingAddressAvailable: true,
  giftCardSurcharges: 199,
  heavyWeightItemSurcharges: 0,
  peakHandlingFee: 0,
  routePackageProtectionFee: 98,
  ...over,
});

const termsOf = (rows: ReturnType<typeof summaryRows>) => rows.filter((r) => r.role === 'term').reduce((sum, r) => sum + r.amount, 0);

describe('the order summary rows', () => {
  it('lists package protection as its own row, surcharges under shipping, and the rows add up to the total', () => {
    const rows = summaryRows(summary(), 'order');
    expect(rows.map((r) => [r.label, r.value, r.role])).toEqual([
      ['Subtotal', '$39.99', 'term'],
      ['Shipping & handling', '$10.98', 'term'],
      ['Gift card fee', '$1.99', 'part'],
      ['Package Protection', '$0.98', 'term'],
      ['Tax', '$2.60', 'term'],
      ['Order total', '$54.55', 'total'],
    ]);
    expect(termsOf(rows)).toBe(5455);
  });

  it("names the perks programme on a member's free Express shipping", () => {
    const rows = summaryRows(summary({ shippingAndHandling: 0, giftCardSurcharges: 0, shippingPerksName: 'Fernbrook Perks' }), 'checkout');
    expect(rows.find((r) => r.key === 'shippingAndHandling')).toMatchObject({ label: 'Shipping & handling (Fernbrook Perks)', value: 'Free' });
  });

  it('shows coupons taken off and what the shopper saved', () => {
    const rows = summaryRows(summary({ couponDiscount: 500, orderTotal: 4955, youSaved: 1500 }), 'checkout');
    expect(rows.find((r) => r.key === 'coupons')).toMatchObject({ label: 'Coupons', value: '−$5.00', amount: -500 });
    expect(rows.at(-1)).toMatchObject({ label: 'You saved', value: '$15.00', role: 'note' });
    expect(termsOf(rows)).toBe(4955);
  });

  it('keeps the order total whole and lists what gift cards and rewards pay after it, then the amount due', () => {
    const s = summary({
      couponDiscount: 500,
      orderTotal: 4955,
      rewardsApplied: 1000,
      elqRewardsApplied: 300,
      giftCardsApplied: 2000,
      amountDue: 1655,
    });
    const rows = summaryRows(s, 'checkout');
    expect(rows.map((r) => [r.label, r.value, r.role])).toEqual([
      ['Subtotal', '$39.99', 'term'],
      ['Coupons', '−$5.00', 'term'],
      ['Shipping & handling', '$10.98', 'term'],
      ['Gift card fee', '$1.99', 'part'],
      ['Package Protection', '$0.98', 'term'],
      ['Estimated tax', '$2.60', 'term'],
      ['Order total', '$49.55', 'total'],
      ['Reward certificates', '−$10.00', 'payment'],
      ['ELQ Rewards', '−$3.00', 'payment'],
      ['Gift cards', '−$20.00', 'payment'],
      ['Amount due', '$16.55', 'due'],
    ]);
    expect(termsOf(rows)).toBe(4955);
    const payments = rows.filter((r) => r.role === 'payment').reduce((sum, r) => sum + r.amount, 0);
    expect(rows.find((r) => r.role === 'due')?.amount).toBe(4955 + payments);
    // Paid in full by gift card: the total stays, nothing is due.
    const paid = summaryRows(summary({ giftCardsApplied: 5455, amountDue: 0 }), 'bag');
    expect(paid.find((r) => r.key === 'orderTotal')?.value).toBe('$54.55');
    expect(paid.find((r) => r.key === 'amountDue')?.value).toBe('$0.00');
  });

  it('has no payment rows when no tender pays, and none on a placed order (it lists each payment instead)', () => {
    expect(summaryRows(summary(), 'checkout').some((r) => r.role === 'payment' || r.role === 'due')).toBe(false);
    const placed = summaryRows(summary({ giftCardsApplied: 2000, amountDue: 3455 }), 'order');
    expect(placed.some((r) => r.role === 'payment' || r.role === 'due')).toBe(false);
    expect(placed.find((r) => r.key === 'orderTotal')?.value).toBe('$54.55');
  });

  it('has no shipping row for a bag that ships nothing', () => {
    const eGift = summary({
      subTotal: 2500,
      shippingAndHandling: 0,
      giftCardSurcharges: 0,
      routePackageProtectionFee: 0,
      totalTax: 0,
      orderTotal: 2500,
      isDigitalItemsOnly: true,
    });
    const rows = summaryRows(eGift, 'order');
    expect(rows.map((r) => r.label)).toEqual(['Subtotal', 'Tax', 'Order total']);
    expect(termsOf(rows)).toBe(2500);
  });

  it('says where tax will come from until it is known: the bag, the address, or the billing address of a bag that ships nothing', () => {
    const pending = { isTaxCalculated: false, totalTax: 0 };
    const tax = (over: Partial<BasketSummary>, place: 'bag' | 'checkout') =>
      summaryRows(summary({ ...pending, ...over }), place).find((r) => r.key === 'totalTax')?.value;
    expect(tax({}, 'bag')).toBe('Calculated at checkout');
    expect(tax({}, 'checkout')).toBe('Calculated from your address');
    expect(tax({ isDigitalItemsOnly: true }, 'checkout')).toBe('Calculated from your billing address');
    expect(tax({ isDigitalItemsOnly: true, isTaxCalculated: true }, 'checkout')).toBe('$0.00');
  });

  it('adds up for any summary the server can make', () => {
    const cents = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(cents, cents, cents, cents, cents, cents, cents, (subTotal, coupons, shipping, fee, tax, protection, giftCard) => {
        const couponDiscount = Math.min(coupons, subTotal);
        const orderTotal = subTotal - couponDiscount + shipping + fee + tax + protection;
        const giftCardsApplied = Math.min(giftCard, orderTotal);
        const s = summary({
          giftCardsApplied,
          amountDue: orderTotal - giftCardsApplied,
          subTotal,
          couponDiscount,
          shippingAndHandling: shipping + fee,
          giftCardSurcharges: fee,
          totalTax: tax,
          routePackageProtectionFee: protection,
          orderTotal,
        });
        const rows = summaryRows(s, 'checkout');
        expect(termsOf(rows)).toBe(s.orderTotal);
        expect(rows.find((r) => r.key === 'orderTotal')?.amount).toBe(s.orderTotal);
        if (giftCardsApplied > 0) expect(rows.find((r) => r.key === 'amountDue')?.amount).toBe(s.orderTotal - giftCardsApplied);
      }),
    );
  });
});
