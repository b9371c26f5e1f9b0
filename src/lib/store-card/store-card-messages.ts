/**
 * The store card's messages (docs/decisions.md "The store card"), shown by the payment step and answered by the
 * server. One message for a number that is unknown and for one whose billing ZIP code does not match: the reply never
 * says whether a number exists.
 */
export const STORE_CARD_NOT_VERIFIED = 'We could not verify this store card. Please check the card number and the billing ZIP code.';
export const STORE_CARD_INSUFFICIENT_CREDIT =
  'Your store card does not have enough available credit for this order. Please use another payment method.';
export const STORE_CARD_NEEDS_BILLING_ZIP = 'Please enter the billing address of your store card.';
