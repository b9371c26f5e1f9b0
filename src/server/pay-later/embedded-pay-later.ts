import { PAYMENT_METHOD_NAMES } from '#src/lib/payment-method-names.ts';
import { PAY_LATER_ABOVE_CENTS, PAY_LATER_MESSAGE } from '#src/lib/pay-later/pay-later-rules.ts';
import type { PayLaterProvider } from './pay-later-provider.ts';

/**
 * The embedded sandbox provider: offline, and as honest as a test card. It offers the spec's message for amounts
 * above $49.99 and, as its own financing decision, declines amounts of $10,000.00 or more (the sandbox's documented
 * limit, docs/decisions.md "Pay later"), so the checkout's "no offer" path can be tried without an outside service.
 * It promises no terms: it gives no "as low as" line.
 */
export const SANDBOX_DECLINES_FROM_CENTS = 1_000_000;

export const embeddedPayLater: PayLaterProvider = {
  kind: 'embedded',
  async offer(amountCents) {
    if (amountCents <= PAY_LATER_ABOVE_CENTS || amountCents >= SANDBOX_DECLINES_FROM_CENTS) return null;
    return { provider: 'Affirm', method: PAYMENT_METHOD_NAMES.affirm, message: PAY_LATER_MESSAGE, asLowAs: null };
  },
};

export const offPayLater: PayLaterProvider = { kind: 'off', offer: async () => null };
