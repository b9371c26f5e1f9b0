import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAY_LATER_ABOVE_CENTS, payLaterEligibility, payLaterInputOf } from '#src/lib/pay-later/pay-later-rules.ts';

describe('the pay-later financing rule', () => {
  it('shows the option exactly when the order total is above $49.99 and no gift card or reward is applied', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.boolean(), (orderTotal, giftCardOrRewardApplied) => {
        const shown = payLaterEligibility({ orderTotal, giftCardOrRewardApplied }) === 'shown';
        expect(shown).toBe(orderTotal > 4999 && !giftCardOrRewardApplied);
      }),
    );
  });

  it('puts the line at $49.99: not shown at 4999 cents, shown at 5000', () => {
    expect(PAY_LATER_ABOVE_CENTS).toBe(4999);
    expect(payLaterEligibility({ orderTotal: 4999, giftCardOrRewardApplied: false })).toBe('below-minimum');
    expect(payLaterEligibility({ orderTotal: 5000, giftCardOrRewardApplied: false })).toBe('shown');
  });

  it('names a gift card or reward as the reason only for a total the option would otherwise be shown for', () => {
    expect(payLaterEligibility({ orderTotal: 5000, giftCardOrRewardApplied: true })).toBe('gift-card-or-reward');
    expect(payLaterEligibility({ orderTotal: 4000, giftCardOrRewardApplied: true })).toBe('below-minimum');
  });

  it("reads a bag's order total, and whether a gift card or reward pays part of it, from the engine's bag or the wire's", () => {
    expect(payLaterInputOf({ orderTotal: 6123 })).toEqual({ orderTotal: 6123, giftCardOrRewardApplied: false });
    expect(payLaterInputOf({ orderTotal: 6123, paymentInstruments: [{}] }).giftCardOrRewardApplied).toBe(true);
    expect(payLaterInputOf({ orderTotal: 6123, tenders: [{}] }).giftCardOrRewardApplied).toBe(true);
    expect(payLaterInputOf({ orderTotal: 6123, tenders: [] }).giftCardOrRewardApplied).toBe(false);
  });
});
