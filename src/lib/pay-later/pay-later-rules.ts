import type { PaymentMethodName } from '../payment-method-names.ts';

/**
 * The pay-later financing option (checkout spec §9 "Pay-later financing", §8 messages): shown only when the order
 * total is above $49.99 and no gift card or reward pays part of the order. The server decides with this rule before
 * asking the provider; the payment step reads the same rule on the view it holds.
 */
export const PAY_LATER_ABOVE_CENTS = 4999;
export const PAY_LATER_MESSAGE = 'Pay with Affirm on orders over $50';
export const PAY_LATER_NOT_WITH_GIFT_CARDS = 'The pay-later financing option cannot be used with gift cards or rewards.';

/** Where the offer is shown; the provider may word it differently for each. */
export type PayLaterPlacement = 'payment' | 'bag';

/** The offer the provider made for an amount, in the store's own terms. */
export interface PayLaterOffer {
  /** The provider's name, shown with its message (the message is the provider's word, not the store's). */
  provider: string;
  /** The payment method's name in reports (src/lib/payment-method-names.ts). */
  method: PaymentMethodName;
  /** The provider's message. */
  message: string;
  /** The provider's "as low as" line for this amount when it gave one (e.g. a monthly payment), else null. */
  asLowAs: string | null;
}

export interface PayLaterInput {
  /** What the order costs, in cents. */
  orderTotal: number;
  /** A gift card or a reward pays part of the order (a tender on the bag: src/lib/tenders/). */
  giftCardOrRewardApplied: boolean;
}

export type PayLaterEligibility = 'shown' | 'below-minimum' | 'gift-card-or-reward';

export function payLaterEligibility({ orderTotal, giftCardOrRewardApplied }: PayLaterInput): PayLaterEligibility {
  if (orderTotal <= PAY_LATER_ABOVE_CENTS) return 'below-minimum';
  return giftCardOrRewardApplied ? 'gift-card-or-reward' : 'shown';
}

/**
 * The rule's input for a bag, the one the server and the payment step both read: the engine's bag (its `tenders`) or
 * the wire's (its `paymentInstruments`).
 */
export const payLaterInputOf = (basket: {
  orderTotal: number;
  tenders?: readonly unknown[];
  paymentInstruments?: readonly unknown[];
}): PayLaterInput => ({
  orderTotal: basket.orderTotal,
  giftCardOrRewardApplied: (basket.tenders ?? basket.paymentInstruments ?? []).length > 0,
});
