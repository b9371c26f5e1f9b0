import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_INVALID,
  CODE_INVALID,
  GIFT_CARD_INVALID,
  PIN_INVALID,
  codeError,
  codeFieldError,
  guessCodeType,
  normaliseCode,
  pinError,
  PROMO_CODE_MAX,
  typedCode,
} from '#src/lib/promo-code.ts';

describe('code type guessing (checkout spec §4)', () => {
  it('digits only and more than one character: gift card', () => {
    expect(guessCodeType('6006491234567890')).toBe('giftCard');
    expect(guessCodeType('12')).toBe('giftCard');
  });
  it('a single digit is not a gift card', () => {
    expect(guessCodeType('7')).toBe('coupon');
  });
  it('starts with x or rc (any case): California reward certificate', () => {
    expect(guessCodeType('x123')).toBe('rewardCertificate');
    expect(guessCodeType('Rc45')).toBe('rewardCertificate');
  });
  it('starts with rw: retailer card reward', () => {
    expect(guessCodeType('rw1234')).toBe('retailerReward');
  });
  it('anything else: coupon', () => {
    expect(guessCodeType('SAVE15')).toBe('coupon');
    expect(guessCodeType('r2d2')).toBe('coupon');
  });
  it('spaces and hyphens are removed and the code is upper-cased', () => {
    expect(normaliseCode(' save-15 ')).toBe('SAVE15');
    expect(normaliseCode('6006 4912-3456 7890')).toBe('6006491234567890');
    expect(guessCodeType('6006 4912-3456 7890')).toBe('giftCard');
  });
});

describe('code field rules (checkout spec §5)', () => {
  it('the code field is non-empty, at most 19, letters and digits only: "Please enter a valid code"', () => {
    expect(codeFieldError('')).toBe(CODE_INVALID);
    expect(codeFieldError(' - ')).toBe(CODE_INVALID);
    expect(codeFieldError('SAVE15!')).toBe(CODE_INVALID);
    expect(codeFieldError('A'.repeat(20))).toBe(CODE_INVALID);
    expect(codeFieldError('A'.repeat(19))).toBeNull();
    expect(CODE_INVALID).toBe('Please enter a valid code');
  });
  it('a gift card is 16 to 19 digits: "Valid gift card number is required"', () => {
    expect(codeError('1'.repeat(15), '1234')).toBe(GIFT_CARD_INVALID);
    expect(codeError('1'.repeat(16), '1234')).toBeNull();
    expect(codeError('1'.repeat(19), '1234')).toBeNull();
    expect(GIFT_CARD_INVALID).toBe('Valid gift card number is required');
  });
  it('a gift card pin is exactly 4 digits: "Please enter a 4-digit pin"', () => {
    expect(codeError('1'.repeat(16), '')).toBe(PIN_INVALID);
    expect(codeError('1'.repeat(16), '123')).toBe(PIN_INVALID);
    expect(pinError('12a4')).toBe(PIN_INVALID);
    expect(pinError('0042')).toBeNull();
    expect(PIN_INVALID).toBe('Please enter a 4-digit pin');
  });
  it('a California reward certificate is exactly 19 characters: "Invalid certificate number"', () => {
    expect(codeError('X'.padEnd(18, '1'))).toBe(CERTIFICATE_INVALID);
    expect(codeError('X'.padEnd(19, '1'))).toBeNull();
    expect(CERTIFICATE_INVALID).toBe('Invalid certificate number');
  });
  it('a retailer card reward is exactly 16 characters', () => {
    expect(codeError('RW'.padEnd(16, '1'))).toBeNull();
    expect(codeError('RW'.padEnd(15, '1'))).toBe(CODE_INVALID);
  });
  it('a coupon needs only the field rules', () => {
    expect(codeError('save 15')).toBeNull();
  });
});

describe('the code field as it is typed (checkout spec §5: at most 19, letters and digits only, upper-case)', () => {
  it('drops what a code cannot hold, upper-cases letters and takes nothing past 19', () => {
    expect(typedCode('save$%^15')).toBe('SAVE15');
    expect(typedCode('abcdefghijklmnopqrstuvwxyz')).toBe('ABCDEFGHIJKLMNOPQRS');
    expect(typedCode('6006 4912-3456 7890 123')).toBe('6006491234567890123');
  });
  it('never holds a code the field rule refuses for its length or characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        const typed = typedCode(raw);
        expect(typed.length).toBeLessThanOrEqual(PROMO_CODE_MAX);
        if (typed.length > 0) expect(codeFieldError(typed)).toBeNull();
      }),
    );
  });
});
