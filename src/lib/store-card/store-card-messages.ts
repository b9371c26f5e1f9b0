import { formatCents } from '../money.ts';

/**
 * The store card's messages (docs/decisions.md "The store card"), shown by the payment step and answered by the
 * server. One message for a number that is unknown and for one whose billing ZIP code does not match: the reply never
 * says whether a number exists.
 */
export const STORE_CARD_NOT_VERIFIED = 'We could not verify this store card. Please check the card number and the billing ZIP code.';
export const STORE_CARD_INSUFFICIENT_CREDIT =
  'Your store card does not have enough available credit for this order. Please use another payment method.';
/** How the payment step names a store card, wherever it shows one: 'Store card ending in 4843'. */
export const storeCardName = (last4: string) => `Store card ending in ${last4}`;
/** A saved store card the bag's brands do not take. */
export const storeCardNotAccepted = (last4: string) =>
  `${storeCardName(last4)} is not accepted for the items in your bag. Please choose another payment method.`;
/** A store card whose available credit is less than what is left to pay, with both amounts. */
export const storeCardShortOfCredit = (last4: string, availableCents: number, dueCents: number) =>
  `${storeCardName(last4)} has ${formatCents(availableCents)} available credit, less than the ${formatCents(dueCents)} left to pay. Please choose another payment method.`;
export const STORE_CARD_TOO_MANY_TRIES = 'Too many tries with this store card. Please wait 15 minutes and try again, or use another card.';
/** Under the card form once a store card number is recognised. */
export const STORE_CARD_NOTE = 'Store card: no expiration date or security code needed. The order total is held against your available credit.';
