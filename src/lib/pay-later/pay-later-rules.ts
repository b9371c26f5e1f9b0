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
  /**
   * A gift card or a reward pays part of the order. Nothing applies them to a bag yet, so the checkout passes false;
   * the bag's payment instruments feed it when gift cards and rewards are applied.
   */
  giftCardOrRewardApplied: boolean;
}

export type PayLaterEligibility = 'shown' | 'below-minimum' | 'gift-card-or-reward';

export function payLaterEligibility({ orderTotal, giftCardOrRewardApplied }: PayLaterInput): PayLaterEligibility {
  if (orderTotal <= PAY_LATER_ABOVE_CENTS) return 'below-minimum';
  return giftCardOrRewardApplied ? 'gift-card-or-reward' : 'shown';
}

/**
 * The rule's input for a bag, the one the server and the payment step both read. Nothing applies a gift card or a
 * reward to a bag yet: when they are, this reads them from the bag's payment instruments.
 */
export const payLaterInputOf = (basket: { orderTotal: number }): PayLaterInput => ({
  orderTotal: basket.orderTotal,
  giftCardOrRewardApplied: false,
});
