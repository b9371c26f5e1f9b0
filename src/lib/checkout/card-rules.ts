import cardValidator from 'card-validator';
/**
 * The card form's field rules (checkout spec §4 "Card form", §5 and §9; product spec §5 "Card number", "Card
 * expiry", "Security code"), pure and isomorphic: the card form uses them for instant feedback and the sandbox
 * gateway's tokenization refuses what they refuse. Network detection and the Luhn check are card-validator's; the
 * limits and messages, which pages without the card form use too, are in card-numbers.ts.
 */
import {
  AMEX_NUMBER_MAX,
  CARD_HOLDER_MAX,
  CARD_MESSAGES,
  CARD_NUMBER_MAX,
  type CardKind,
  digitsOnly,
  isPlccNumber,
  PLCC_LENGTH,
  PLCC_TYPE,
} from './card-numbers.ts';

export * from './card-numbers.ts';

export function cardKind(value: string): CardKind {
  const digits = digitsOnly(value);
  if (isPlccNumber(digits)) return { type: PLCC_TYPE, isPlcc: true, isAmex: false, known: true };
  const card = digits ? cardValidator.number(digits).card : null;
  if (!card) return { type: '', isPlcc: false, isAmex: false, known: false };
  return { type: card.niceType, isPlcc: false, isAmex: card.type === 'american-express', known: true };
}

/** The most digits the number field takes: 15 for American Express (17 characters less two spaces), else 19. */
export const cardNumberMaxDigits = (kind: CardKind) => (kind.isAmex ? AMEX_NUMBER_MAX - 2 : CARD_NUMBER_MAX);

/** American Express groups 4-6-5, every other card in fours. Digits beyond the card's maximum are dropped. */
export function formatCardNumber(value: string): string {
  const kind = cardKind(value);
  const digits = digitsOnly(value).slice(0, cardNumberMaxDigits(kind));
  if (kind.isAmex) return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The number field's maxLength in characters: 17 for American Express, 23 (19 digits in fours) otherwise. */
export const cardNumberMaxLength = (kind: CardKind) => (kind.isAmex ? AMEX_NUMBER_MAX : CARD_NUMBER_MAX + 4);

/** The number as typed (spaces allowed): required, then a store card at exactly 16 digits or a valid network number. */
export function cardNumberError(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  if (digits === '') return CARD_MESSAGES.numberRequired;
  if (!/^\d+$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  const kind = cardKind(digits);
  if (kind.isPlcc) return digits.length === PLCC_LENGTH ? null : CARD_MESSAGES.numberInvalid;
  if (digits.length > cardNumberMaxDigits(kind)) return CARD_MESSAGES.numberInvalid;
  return cardValidator.number(digits).isValid ? null : CARD_MESSAGES.numberInvalid;
}

/** Expiry and security code are shown while the number is empty, under 2 digits, or not a store card. */
export function showExpiryAndCvv(value: string): boolean {
  const digits = digitsOnly(value);
  return digits.length < 2 || !isPlccNumber(digits);
}

/** MM/YY as typed: a first digit above 1 gets a leading 0 (so does "1/"), the slash goes in, at most 5 characters. */
export function formatExpiryInput(raw: string): string {
  let digits = digitsOnly(raw);
  if (/^\d\D/.test(raw.trimStart()) || /^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month and four-digit year of a well-formed MM/YY, else null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

/** A card is good through the last day of its expiry month (the shopper's calendar). */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  return expiry.year * 12 + expiry.month < now.getFullYear() * 12 + now.getMonth() + 1;
}

export function expiryError(value: string, now: Date): string | null {
  if (value.trim() === '') return CARD_MESSAGES.expiryRequired;
  const expiry = parseExpiry(value);
  return expiry && !isExpired(expiry, now) ? null : CARD_MESSAGES.expiryInvalid;
}

/** 4 for American Express or a type not known yet, else 3. */
export const securityCodeLength = (kind: CardKind) => (kind.isAmex || !kind.known ? 4 : 3);

export function securityCodeError(code: string, kind: CardKind): string | null {
  if (code === '') return CARD_MESSAGES.codeRequired;
  const valid = /^\d+$/.test(code) && code.length === securityCodeLength(kind) && !/^0+$/.test(code);
  return valid ? null : CARD_MESSAGES.codeInvalid;
}

export function holderError(holder: string): string | null {
  const name = holder.trim();
  if (name === '') return CARD_MESSAGES.holderRequired;
  return name.length <= CARD_HOLDER_MAX && /^\p{L}[\p{L}\p{M}' .-]*$/u.test(name) ? null : CARD_MESSAGES.holderInvalid;
}
