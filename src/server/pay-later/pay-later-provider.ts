import type { PayLaterOffer, PayLaterPlacement } from '#src/lib/pay-later/pay-later-rules.ts';
import type { Config } from '../config.ts';

/**
 * The pay-later financing provider the checkout asks what to show (checkout spec §9 "Pay-later financing"). Chosen by
 * PAY_LATER: the embedded sandbox (default), Affirm's promotional messaging, or off. The store's own rule (total
 * above $49.99, no gift card or reward: src/lib/pay-later/pay-later-rules.ts) is applied before a provider is asked;
 * the provider adds its own decision for the amount. Every implementation answers null rather than throwing: a
 * provider that fails is logged and its message is simply not shown.
 */
export interface PayLaterProvider {
  readonly kind: Config['PAY_LATER'];
  /** The offer to show for an amount in cents where it is shown, or null for none. */
  offer(amountCents: number, placement: PayLaterPlacement): Promise<PayLaterOffer | null>;
}
