import { storeCardNotAccepted, storeCardShortOfCredit } from './store-card-messages.ts';

/**
 * The store card's rules shared by the server and the islands (docs/decisions.md "The store card"). The number's own
 * rule (a store range, 16 digits) is card-rules.ts'; the payment step's payload is checkout-schemas.ts' StoreCardNumberSchema.
 */

/** A saved store card's paymentInstrumentId: the account's id under its own prefix, so it never names a saved card. */
const INSTRUMENT_PREFIX = 'plcc-';
export const storeCardInstrumentId = (accountId: string) => `${INSTRUMENT_PREFIX}${accountId}`;
export const storeCardAccountOf = (paymentInstrumentId: string): string | null =>
  paymentInstrumentId.startsWith(INSTRUMENT_PREFIX) ? paymentInstrumentId.slice(INSTRUMENT_PREFIX.length) : null;

/** c_plccAccountNumber as shown: the last four behind asterisks. */
export const maskedStoreCardNumber = (last4: string) => `************${last4}`;

/**
 * Why a store card cannot pay this bag, or null when it can (docs/decisions.md "The store card"): the bag's brands do
 * not take store cards, or its available credit is less than what is left to pay once gift cards and rewards have
 * paid (the whole of it is held at Place Order). The server says it with the checkout and refuses the payment step
 * with it; the payment step shows it beside the card.
 */
export function storeCardUnavailable(
  card: { last4: string; availableCents: number },
  bag: { storeCardOffered: boolean; amountDue: number },
): string | null {
  if (!bag.storeCardOffered) return storeCardNotAccepted(card.last4);
  if (card.availableCents < bag.amountDue) return storeCardShortOfCredit(card.last4, card.availableCents, bag.amountDue);
  return null;
}
