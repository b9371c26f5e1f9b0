/**
 * The card fields' limits, messages and the store card's numbers, without card-validator: what the bag, the wire
 * conversions and the checkout's schemas need of cards, so that pages which only show a card's name and ending do
 * not load the network detection. The card form's own rules, with it, are in card-rules.ts.
 */
/**
 * The spec's "max 19, or 17 for American Express". 19 counts digits (the longest card numbers, ISO/IEC 7812);
 * 17 counts the Amex field's characters: 15 digits grouped 4-6-5 with two spaces (an Amex number is always 15
 * digits, so 17 digits would mean nothing). The field itself holds the formatted number, so its maxLength is the
 * formatted length of the most digits allowed: see cardNumberMaxLength.
 */
export const CARD_NUMBER_MAX = 19;
export const AMEX_NUMBER_MAX = 17;
/** MM/YY. */
export const EXPIRY_MAX = 5;
export const CARD_HOLDER_MAX = 50;
/** A private-label (store) card is exactly this long. */
export const PLCC_LENGTH = 16;
export const PLCC_TYPE = 'Private Label Credit Card';
/** card-validator's name for American Express, the one network with 4-digit security codes. */
export const AMEX_TYPE = 'American Express';

/** Store-card prefixes: 627800 for one brand; 585637 followed by a three-digit range for each of the others. */
export const PLCC_PREFIXES: readonly { prefix: string; from?: number; to?: number }[] = [
  { prefix: '627800' },
  { prefix: '585637', from: 651, to: 654 },
  { prefix: '585637', from: 656, to: 657 },
  { prefix: '585637', from: 658, to: 660 },
  { prefix: '585637', from: 661, to: 667 },
  { prefix: '585637', from: 668, to: 669 },
  { prefix: '585637', from: 670, to: 671 },
];

export const CARD_MESSAGES = {
  holderRequired: 'Name on card is required',
  holderInvalid: 'Please enter the name as it appears on the card',
  numberRequired: 'Card number is required',
  numberInvalid: 'Invalid card number',
  expiryRequired: 'Expiration date is required',
  expiryInvalid: 'Invalid expiration date',
  codeRequired: 'Security code is required',
  codeInvalid: 'Please enter a valid security code',
} as const;

const NAVIGATION_KEYS = new Set(['Backspace', 'Tab', 'Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);
/**
 * Beyond the spec's list: Delete (it only removes, as Backspace does), Enter (submitting the form by keyboard must
 * keep working) and Unidentified/Process (phone keyboards and IMEs report every key so; the change handler strips
 * whatever is not a digit).
 */
const EXTRA_KEYS = new Set(['Delete', 'Enter', 'Unidentified', 'Process']);
const SHORTCUT_KEYS = new Set(['a', 'c', 'v', 'x', 'r', 'z']);

/** The card number field's key filter: digits, editing and navigation keys, and Ctrl/Cmd + a, c, v, x, r, z. */
export function isAllowedCardNumberKey(event: { key: string; ctrlKey?: boolean; metaKey?: boolean }): boolean {
  const { key } = event;
  if (event.ctrlKey || event.metaKey) return SHORTCUT_KEYS.has(key.toLowerCase());
  return /^[0-9]$/.test(key) || NAVIGATION_KEYS.has(key) || EXTRA_KEYS.has(key);
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

export interface CardKind {
  /** card-validator's niceType (Visa, Mastercard, American Express, ...), PLCC_TYPE, or '' while unknown. */
  type: string;
  isPlcc: boolean;
  isAmex: boolean;
  known: boolean;
}

export function isPlccNumber(digits: string): boolean {
  return PLCC_PREFIXES.some(({ prefix, from, to }) => {
    if (!digits.startsWith(prefix)) return false;
    if (from === undefined || to === undefined) return true;
    const range = digits.slice(prefix.length, prefix.length + 3);
    return range.length === 3 && Number(range) >= from && Number(range) <= to;
  });
}
