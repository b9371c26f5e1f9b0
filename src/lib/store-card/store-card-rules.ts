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
