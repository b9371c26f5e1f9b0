import * as v from 'valibot';
import { GIFT_CARD_INVALID, GIFT_CARD_MAX_DIGITS, GIFT_CARD_MIN_DIGITS, GIFT_CARD_PIN_LENGTH, PIN_INVALID } from '../promo-code.ts';

/**
 * A gift card's number and PIN as the shopper gives them (checkout spec §9: 16 to 19 digits, a PIN of exactly 4),
 * and what the store answers when it cannot use them. The number and PIN lengths and the spec's messages live in
 * src/lib/promo-code.ts with the code field they share; this module holds them as a schema for the gift card's own
 * endpoints and forms.
 */

/** Spaces and hyphens a shopper types between groups of digits are not part of the number. */
export const typedGiftCardNumber = (raw: string): string => raw.replace(/[\s-]+/g, '');

const NUMBER_PATTERN = new RegExp(`^\\d{${GIFT_CARD_MIN_DIGITS},${GIFT_CARD_MAX_DIGITS}}$`);
const PIN_PATTERN = new RegExp(`^\\d{${GIFT_CARD_PIN_LENGTH}}$`);

/** The raw field is bounded before it is normalised, so a long paste is refused rather than worked on. */
const RAW_NUMBER_MAX = 40;

export const GiftCardNumberSchema = v.pipe(
  v.string(GIFT_CARD_INVALID),
  v.maxLength(RAW_NUMBER_MAX, GIFT_CARD_INVALID),
  v.transform(typedGiftCardNumber),
  v.regex(NUMBER_PATTERN, GIFT_CARD_INVALID),
);

export const GiftCardPinSchema = v.pipe(v.string(PIN_INVALID), v.trim(), v.regex(PIN_PATTERN, PIN_INVALID));

/** The balance check: the spec's field names (`gitfCardNumber` is spelled so; the PIN is `giftCardPin`). */
export const GiftCardBalanceSchema = v.object({
  gitfCardNumber: GiftCardNumberSchema,
  giftCardPin: GiftCardPinSchema,
});
export type GiftCardBalanceInput = v.InferOutput<typeof GiftCardBalanceSchema>;

/**
 * One answer for a number the store never issued and for a wrong PIN, so neither the text nor the status tells
 * which; and one for a card or a client that has had too many wrong tries.
 */
export const GIFT_CARD_REFUSED = 'The gift card number or PIN is incorrect.';
export const GIFT_CARD_TOO_MANY_TRIES = 'Too many incorrect gift card entries. Please try again in 15 minutes.';

/** A card number as the store shows it: its last four only. */
export const maskedGiftCardNumber = (last4: string): string => `•••• ${last4}`;

/** The balance check's answer: the card as the store shows it, and what it holds in cents. */
export interface GiftCardBalance {
  maskedNumber: string;
  balance: number;
}
