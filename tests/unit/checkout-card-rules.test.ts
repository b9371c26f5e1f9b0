import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validateCardEntry, cardEntrySchema, type CardEntry } from '#src/lib/checkout/card-entry.ts';
import {
  AMEX_NUMBER_MAX,
  CARD_MESSAGES,
  CARD_NUMBER_MAX,
  EXPIRY_MAX,
  PLCC_TYPE,
  cardKind,
  cardNumberError,
  cardNumberMaxLength,
  digitsOnly,
  expiryError,
  formatCardNumber,
  formatExpiryInput,
  holderError,
  isAllowedCardNumberKey,
  securityCodeError,
  securityCodeLength,
  showExpiryAndCvv,
} from '#src/lib/checkout/card-rules.ts';

const VISA = '4242424242424242';
const AMEX = '378282246310005';
const MASTERCARD = '5555555555554444';
const PLCC_ONE_BRAND = '6278001234567890';
const key = (k: string, mods: { ctrlKey?: boolean; metaKey?: boolean } = {}) => isAllowedCardNumberKey({ key: k, ...mods });

describe('card number keys: digits only', () => {
  it('digits are typed', () => {
    for (const d of '0123456789') expect(key(d)).toBe(true);
  });
  it('Backspace, Tab, Home, End and the arrows work; so do Delete and Enter', () => {
    for (const k of ['Backspace', 'Tab', 'Home', 'End', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Delete', 'Enter']) {
      expect(key(k)).toBe(true);
    }
  });
  it('Ctrl or Cmd with a, c, v, x, r, z work', () => {
    for (const k of ['a', 'c', 'v', 'x', 'r', 'z', 'Z']) {
      expect(key(k, { ctrlKey: true })).toBe(true);
      expect(key(k, { metaKey: true })).toBe(true);
    }
  });
  it('every other key is blocked: letters, space, punctuation, other shortcuts', () => {
    for (const k of ['a', 'e', ' ', '-', '.', '+', 'F5', 'Escape']) expect(key(k)).toBe(false);
    for (const k of ['b', 'p', 's', '1']) expect(key(k, { ctrlKey: true })).toBe(false);
  });
});

describe('card number formatting and type', () => {
  it('groups in fours, American Express 4-6-5', () => {
    expect(formatCardNumber(VISA)).toBe('4242 4242 4242 4242');
    expect(formatCardNumber(AMEX)).toBe('3782 822463 10005');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('3782 82')).toBe('3782 82');
  });
  it('max 19 digits, or 17 characters (15 digits) for American Express', () => {
    expect(CARD_NUMBER_MAX).toBe(19);
    expect(AMEX_NUMBER_MAX).toBe(17);
    expect(digitsOnly(formatCardNumber('4'.repeat(25)))).toHaveLength(19);
    expect(formatCardNumber(`${AMEX}999`)).toHaveLength(17);
    expect(cardNumberMaxLength(cardKind(AMEX))).toBe(17);
    expect(formatCardNumber('4'.repeat(19)).length).toBeLessThanOrEqual(cardNumberMaxLength(cardKind(VISA)));
  });
  it('names the network by card-validator, and the store card by its prefix', () => {
    expect(cardKind(VISA)).toEqual({ type: 'Visa', isPlcc: false, isAmex: false, known: true });
    expect(cardKind(AMEX)).toMatchObject({ type: 'American Express', isAmex: true });
    expect(cardKind(MASTERCARD).type).toBe('Mastercard');
    expect(cardKind(PLCC_ONE_BRAND)).toEqual({ type: PLCC_TYPE, isPlcc: true, isAmex: false, known: true });
    expect(cardKind('')).toMatchObject({ type: '', known: false });
  });
  it('585637 is a store card only with a brand range: 651-654, 656-657, 658-660, 661-667, 668-669, 670-671', () => {
    for (const range of [651, 654, 656, 657, 658, 660, 661, 667, 668, 669, 670, 671]) {
      expect(cardKind(`585637${range}1234567`).isPlcc).toBe(true);
    }
    for (const range of [650, 655, 672]) expect(cardKind(`585637${range}1234567`).isPlcc).toBe(false);
  });
});

describe('card number validity (checked on blur)', () => {
  it('an empty number asks for one', () => {
    expect(cardNumberError('')).toBe(CARD_MESSAGES.numberRequired);
    expect(cardNumberError('   ')).toBe(CARD_MESSAGES.numberRequired);
  });
  it('a network number must pass the network check', () => {
    expect(cardNumberError(VISA)).toBeNull();
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError(AMEX)).toBeNull();
    expect(cardNumberError('4242424242424241')).toBe('Invalid card number');
    expect(cardNumberError('4242')).toBe('Invalid card number');
    expect(cardNumberError('4242-4242-4242-4242')).toBe('Invalid card number');
  });
  it("a store card must be exactly 16 digits, else 'Invalid card number' (no check digit asked)", () => {
    expect(cardNumberError(PLCC_ONE_BRAND)).toBeNull();
    expect(cardNumberError('5856376651234567')).toBeNull();
    expect(cardNumberError(PLCC_ONE_BRAND.slice(0, 15))).toBe('Invalid card number');
    expect(cardNumberError(`${PLCC_ONE_BRAND}1`)).toBe('Invalid card number');
  });
});

describe('expiry', () => {
  const now = new Date(2026, 4, 15); // 15 May 2026
  it('formats to MM/YY as typed: leading 0 above 1, the slash, max 5', () => {
    expect(EXPIRY_MAX).toBe(5);
    expect(formatExpiryInput('4')).toBe('04');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12/3');
    expect(formatExpiryInput('1228')).toBe('12/28');
    expect(formatExpiryInput('12/289')).toBe('12/28');
    expect(formatExpiryInput('428')).toBe('04/28');
    expect(formatExpiryInput('1/')).toBe('01');
    expect(formatExpiryInput('ab')).toBe('');
  });
  it('needs a month 01-12 and a two-digit year', () => {
    expect(expiryError('', now)).toBe(CARD_MESSAGES.expiryRequired);
    expect(expiryError('13/28', now)).toBe('Invalid expiration date');
    expect(expiryError('00/28', now)).toBe('Invalid expiration date');
    expect(expiryError('12/2', now)).toBe('Invalid expiration date');
    expect(expiryError('1228', now)).toBe('Invalid expiration date');
    expect(expiryError('12/28', now)).toBeNull();
  });
  it('must not be past; the end of the expiry month is still valid', () => {
    expect(expiryError('05/26', now)).toBeNull();
    expect(expiryError('05/26', new Date(2026, 4, 31, 23, 59))).toBeNull();
    expect(expiryError('04/26', now)).toBe('Invalid expiration date');
    expect(expiryError('12/25', now)).toBe('Invalid expiration date');
    expect(expiryError('05/26', new Date(2026, 5, 1))).toBe('Invalid expiration date');
  });
});

describe('security code', () => {
  it('is 4 digits for American Express or an unknown type, else 3', () => {
    expect(securityCodeLength(cardKind(AMEX))).toBe(4);
    expect(securityCodeLength(cardKind(''))).toBe(4);
    expect(securityCodeLength(cardKind(VISA))).toBe(3);
  });
  it('is required, numeric, exactly that long, never all zeros', () => {
    const visa = cardKind(VISA);
    expect(securityCodeError('', visa)).toBe(CARD_MESSAGES.codeRequired);
    expect(securityCodeError('123', visa)).toBeNull();
    expect(securityCodeError('1234', visa)).toBe(CARD_MESSAGES.codeInvalid);
    expect(securityCodeError('12a', visa)).toBe(CARD_MESSAGES.codeInvalid);
    expect(securityCodeError('000', visa)).toBe(CARD_MESSAGES.codeInvalid);
    expect(securityCodeError('1234', cardKind(AMEX))).toBeNull();
    expect(securityCodeError('0000', cardKind(AMEX))).toBe(CARD_MESSAGES.codeInvalid);
  });
});

describe('expiry and security code fields for a store card', () => {
  it('are shown while the number is empty, under 2 digits, or not a store card', () => {
    expect(showExpiryAndCvv('')).toBe(true);
    expect(showExpiryAndCvv('6')).toBe(true);
    expect(showExpiryAndCvv(VISA)).toBe(true);
    expect(showExpiryAndCvv('585637')).toBe(true);
  });
  it('are hidden for a store card (PLCC)', () => {
    expect(showExpiryAndCvv('627800')).toBe(false);
    expect(showExpiryAndCvv('5856 3765 1')).toBe(false);
  });
  it('so a store card entry asks for neither', () => {
    const errors = validateCardEntry({ holder: 'Sam Lee', number: PLCC_ONE_BRAND, expiry: '', securityCode: '' }, new Date());
    expect(errors).toEqual({});
  });
});

describe('name on card', () => {
  it('is required, letters with spaces, apostrophes, hyphens and dots, at most 50', () => {
    expect(holderError(' ')).toBe(CARD_MESSAGES.holderRequired);
    expect(holderError("Ana-María O'Neil Jr.")).toBeNull();
    expect(holderError('R2D2')).toBe(CARD_MESSAGES.holderInvalid);
    expect(holderError('a'.repeat(51))).toBe(CARD_MESSAGES.holderInvalid);
  });
});

describe('the browser field rules and the schema agree (10,000 generated entries)', () => {
  const now = new Date(2026, 4, 15);
  const schema = cardEntrySchema(() => now);
  const digitString = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
  const numberish = fc.oneof(
    digitString(0, 22),
    fc.constantFrom(VISA, AMEX, MASTERCARD, PLCC_ONE_BRAND, '5856376601234567', '4242 4242 4242 4242'),
    fc.string({ maxLength: 24 }),
  );
  const expiryish = fc.oneof(digitString(0, 5).map(formatExpiryInput), fc.string({ maxLength: 6 }));
  const entry = fc.record<CardEntry>({
    holder: fc.oneof(fc.constantFrom('Sam Lee', '', "O'Neil"), fc.string({ maxLength: 60 })),
    number: numberish,
    expiry: expiryish,
    securityCode: fc.oneof(digitString(0, 5), fc.string({ maxLength: 5 })),
  });

  it('the schema fails exactly on the fields the functions flag, with the same messages', () => {
    fc.assert(
      fc.property(entry, (e) => {
        const result = v.safeParse(schema, e);
        const fromSchema = Object.fromEntries((result.issues ?? []).map((i) => [v.getDotPath(i), i.message]));
        expect(fromSchema).toEqual(validateCardEntry(e, now));
        expect(result.success).toBe(Object.keys(validateCardEntry(e, now)).length === 0);
      }),
      { numRuns: 10_000 },
    );
  });
  it('formatting is idempotent and keeps only digits of the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        expect(formatCardNumber(formatCardNumber(raw))).toBe(formatCardNumber(raw));
        expect(formatExpiryInput(formatExpiryInput(raw))).toBe(formatExpiryInput(raw));
        expect(formatExpiryInput(raw).length).toBeLessThanOrEqual(EXPIRY_MAX);
        expect(digitsOnly(raw).startsWith(digitsOnly(formatCardNumber(raw)))).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });
  it('a formatted number is valid exactly when its digits are', () => {
    fc.assert(
      fc.property(digitString(1, 22), (d) => {
        const formatted = formatCardNumber(d);
        if (digitsOnly(formatted) === d) expect(cardNumberError(formatted)).toBe(cardNumberError(d));
      }),
      { numRuns: 10_000 },
    );
  });
  it('no input makes a rule or the schema throw', () => {
    fc.assert(
      fc.property(fc.anything(), fc.string(), (anything, s) => {
        expect(() => v.safeParse(schema, anything)).not.toThrow();
        expect(() => {
          cardNumberError(s);
          expiryError(s, now);
          securityCodeError(s, cardKind(s));
          holderError(s);
          showExpiryAndCvv(s);
          isAllowedCardNumberKey({ key: s });
        }).not.toThrow();
      }),
      { numRuns: 10_000 },
    );
  });
});
