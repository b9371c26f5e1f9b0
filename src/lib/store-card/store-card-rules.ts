import * as v from 'valibot';
import { CARD_MESSAGES, digitsOnly, isPlccNumber, PLCC_LENGTH } from '../checkout/card-rules.ts';

/**
 * The store card (PLCC) as the payment step sends it: its number, to the store's own payment endpoint and never to
 * the card gateway (checkout spec §4 "Card type containing PLCC skips tokenization"). A number of one of the store
 * ranges (card-rules.ts PLCC_PREFIXES), 16 digits; spaces as typed are dropped.
 */
export const StoreCardNumberSchema = v.strictObject(
  {
    number: v.pipe(
      v.string(),
      v.transform(digitsOnly),
      v.check((n) => n.length === PLCC_LENGTH && isPlccNumber(n), CARD_MESSAGES.numberInvalid),
    ),
  },
  'Send the store card as its number only.',
);

/** A saved store card's paymentInstrumentId: the account's id under its own prefix, so it never names a saved card. */
const INSTRUMENT_PREFIX = 'plcc-';
export const storeCardInstrumentId = (accountId: string) => `${INSTRUMENT_PREFIX}${accountId}`;
export const storeCardAccountOf = (paymentInstrumentId: string): string | null =>
  paymentInstrumentId.startsWith(INSTRUMENT_PREFIX) ? paymentInstrumentId.slice(INSTRUMENT_PREFIX.length) : null;

/** c_plccAccountNumber as shown: the last four behind asterisks. */
export const maskedStoreCardNumber = (last4: string) => `************${last4}`;
