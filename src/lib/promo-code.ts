/**
 * The one code field of the bag and checkout (checkout spec §4 "Code type guessing", §5 code rules, §9 limits).
 * Pure and isomorphic: the promo code form uses it for instant feedback, the server to decide what a code is.
 * The server never trusts a type sent by the client; it guesses again from the code.
 */

export const PROMO_CODE_MAX = 19;
export const GIFT_CARD_MIN_DIGITS = 16;
export const GIFT_CARD_MAX_DIGITS = 19;
export const GIFT_CARD_PIN_LENGTH = 4;
export const REWARD_CERTIFICATE_LENGTH = 19;
export const RETAILER_REWARD_LENGTH = 16;
/** Our decision (docs/decisions.md): at most 3 codes on one bag. */
export const MAX_DISCOUNTS_PER_BASKET = 3;

export const CODE_INVALID = 'Please enter a valid code';
export const GIFT_CARD_INVALID = 'Valid gift card number is required';
export const PIN_INVALID = 'Please enter a 4-digit pin';
export const CERTIFICATE_INVALID = 'Invalid certificate number';
export const MAX_DISCOUNTS = 'Maximum number of discounts applied.';

/** Status of a coupon on the bag, as the spec's couponItems carry it. */
export type CouponStatus = 'applied' | 'valid but conditions not met' | 'invalid/expired';

/**
 * The answer to a code the field applied (checkout spec §4 and §8): a coupon that now discounts the bag, a gift card
 * or a reward certificate that now pays part of the order. Every kind the field takes answers alike.
 */
export const CODE_APPLIED = 'Code applied successfully';
/** The answer to taking anything the code field lists off the bag (a code, a gift card, a certificate, rewards). */
export const CODE_REMOVED = 'Code removed successfully';

/**
 * A code's standing on the bag, shown under it (header spec §5 promo code messages): applied → see details (its
 * Details button is beside it); valid → the discount applies once conditions are met; otherwise → remove it.
 */
export const COUPON_MESSAGES: Record<CouponStatus, string> = {
  applied: 'Code applied. See Details for what it covers.',
  'valid but conditions not met': 'This code is valid. The discount applies once the conditions are met.',
  'invalid/expired': 'This code is no longer valid or has expired. Please remove it to continue.',
};

/** A reward certificate asks a guest to sign in; the bag's code field then offers the way there. */
export const SIGN_IN_FOR_CODE = 'Please sign in to use this code.';
/** Where that sign-in goes: the sign-in page, back to the bag after. */
export const SIGN_IN_FOR_CODE_URL = `/register?isopen=true&original=${encodeURIComponent('/cart')}`;

export type CodeType = 'giftCard' | 'rewardCertificate' | 'retailerReward' | 'coupon';

/** Spaces and hyphens are removed and the code is upper-cased. */
export const normaliseCode = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

/** What a code is made of (checkout spec §5): letters and digits, at most PROMO_CODE_MAX. */
const CODE_PATTERN = new RegExp(`^[A-Z0-9]{1,${PROMO_CODE_MAX}}$`);

/**
 * The code field as the shopper types or pastes: spaces, hyphens and anything else a code cannot hold are dropped,
 * letters upper-cased, and nothing past PROMO_CODE_MAX is taken, so the field never holds what the server refuses.
 */
export const typedCode = (raw: string): string =>
  raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, PROMO_CODE_MAX);

/**
 * Digits only and more than one character: gift card; starts with X or RC: California reward certificate;
 * starts with RW: retailer card reward; anything else: coupon. Works on the normalised code.
 */
export function guessCodeType(raw: string): CodeType {
  const code = normaliseCode(raw);
  if (code.length > 1 && /^\d+$/.test(code)) return 'giftCard';
  if (code.startsWith('X') || code.startsWith('RC')) return 'rewardCertificate';
  if (code.startsWith('RW')) return 'retailerReward';
  return 'coupon';
}

/** The field itself: non-empty, at most 19, letters and digits only (after normalising). */
export function codeFieldError(raw: string): string | null {
  const code = normaliseCode(raw);
  if (!CODE_PATTERN.test(code)) return CODE_INVALID;
  return null;
}

/** A gift card pin is exactly 4 digits. */
export const pinError = (pin: string): string | null => (/^\d{4}$/.test(pin) ? null : PIN_INVALID);

/**
 * Every rule for the typed code and its pin, first failure first. The retailer card reward's length (16) has no
 * message in the spec, so it reuses the field's own.
 */
export function codeError(raw: string, pin = ''): string | null {
  const field = codeFieldError(raw);
  if (field) return field;
  const code = normaliseCode(raw);
  switch (guessCodeType(code)) {
    case 'giftCard':
      if (code.length < GIFT_CARD_MIN_DIGITS || code.length > GIFT_CARD_MAX_DIGITS) return GIFT_CARD_INVALID;
      return pinError(pin);
    case 'rewardCertificate':
      return code.length === REWARD_CERTIFICATE_LENGTH ? null : CERTIFICATE_INVALID;
    case 'retailerReward':
      return code.length === RETAILER_REWARD_LENGTH ? null : CODE_INVALID;
    case 'coupon':
      return null;
  }
}
