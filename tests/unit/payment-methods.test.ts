import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { methodNotOffered, PAYMENT_METHOD_IDS, tenderPaymentMethod } from '#src/lib/checkout/payment-methods.ts';
import { TENDER_METHODS } from '#src/lib/tenders/tender-split.ts';

describe('what pays an order must be offered for its bag', () => {
  it('names a gift card giftCard and every certificate and programme reward rewards', () => {
    expect(tenderPaymentMethod('SVS_GIFT_CARD')).toBe('giftCard');
    for (const m of TENDER_METHODS.filter((t) => t !== 'SVS_GIFT_CARD')) expect(tenderPaymentMethod(m)).toBe('rewards');
  });

  it('counts the card as plcc for a store card and creditCard otherwise, and no card when tenders pay it all', () => {
    expect(methodNotOffered(['creditCard', 'giftCard'], { kind: 'store-card' }, [])).toBe('plcc');
    expect(methodNotOffered(['plcc'], { kind: 'token' }, [])).toBe('creditCard');
    expect(methodNotOffered(['giftCard'], null, [{ paymentMethodId: 'SVS_GIFT_CARD' }])).toBeNull();
    expect(methodNotOffered(['creditCard', 'giftCard'], { kind: 'saved' }, [{ paymentMethodId: 'FB_REWARD_CERTIFICATE' }])).toBe('rewards');
  });

  it('finds nothing not offered exactly when every method used is offered', () => {
    const method = fc.constantFrom(...PAYMENT_METHOD_IDS);
    fc.assert(
      fc.property(
        fc.uniqueArray(method),
        fc.option(fc.constantFrom('token', 'saved', 'store-card'), { nil: null }),
        fc.array(fc.constantFrom(...TENDER_METHODS), { maxLength: 5 }),
        (offered, kind, tenders) => {
          const used = [...tenders.map(tenderPaymentMethod), ...(kind ? [kind === 'store-card' ? 'plcc' : 'creditCard'] : [])];
          const found = methodNotOffered(
            offered,
            kind ? { kind } : null,
            tenders.map((paymentMethodId) => ({ paymentMethodId })),
          );
          expect(found === null).toBe(used.every((m) => (offered as string[]).includes(m)));
          if (found) expect(offered).not.toContain(found);
        },
      ),
    );
  });
});
