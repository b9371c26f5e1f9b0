import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GiftCardBalanceSchema, maskedGiftCardNumber } from '#src/lib/gift-cards/gift-card-rules.ts';
import { codeError, PIN_INVALID, GIFT_CARD_INVALID } from '#src/lib/promo-code.ts';
import { lastFour, newCardNumber, newPin, numberHash, pinHash } from '#src/server/gift-cards/card-numbers.ts';

/** The numbers and PINs the store issues pass the spec's own rules, never repeat, and are stored only as keyed hashes. */
const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 8);

describe('issued gift card numbers and PINs', () => {
  it('are 19 digits and 4 digits, and pass the spec’s 16-19 digit and 4-digit rules', () => {
    fc.assert(
      fc.property(fc.constant(null), () => {
        const number = newCardNumber();
        const pin = newPin();
        expect(number).toMatch(/^[1-9]\d{18}$/);
        expect(pin).toMatch(/^\d{4}$/);
        expect(codeError(number, pin)).toBeNull();
        expect(v.safeParse(GiftCardBalanceSchema, { gitfCardNumber: number, giftCardPin: pin }).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('are never the same twice in 10,000', () => {
    const numbers = new Set(Array.from({ length: 10_000 }, newCardNumber));
    expect(numbers.size).toBe(10_000);
  });

  it('use every digit in every place: nothing is fixed or counted up', () => {
    const numbers = Array.from({ length: 2_000 }, newCardNumber);
    for (let place = 1; place < 19; place++) expect(new Set(numbers.map((n) => n[place])).size).toBe(10);
    const pins = Array.from({ length: 2_000 }, newPin);
    for (let place = 0; place < 4; place++) expect(new Set(pins.map((p) => p[place])).size).toBe(10);
  });
});

describe('the keyed hashes', () => {
  it('find the same number again, differ under another key, and never contain the number or PIN', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{19}$/), fc.stringMatching(/^\d{4}$/), (number, pin) => {
        expect(numberHash(KEY, number)).toBe(numberHash(KEY, number));
        expect(numberHash(KEY, number)).not.toBe(numberHash(OTHER_KEY, number));
        expect(pinHash(KEY, number, pin)).not.toBe(pinHash(OTHER_KEY, number, pin));
        expect(numberHash(KEY, number)).toMatch(/^[0-9a-f]{64}$/);
        expect(pinHash(KEY, number, pin)).not.toContain(number);
      }),
    );
  });

  it('hash one PIN differently on two cards', () => {
    expect(pinHash(KEY, '1000000000000000001', '1234')).not.toBe(pinHash(KEY, '1000000000000000002', '1234'));
  });
});

describe('what the shopper gives and sees', () => {
  it('takes a number typed in groups, and refuses what the spec refuses with its messages', () => {
    const parse = (gitfCardNumber: string, giftCardPin: string) => v.safeParse(GiftCardBalanceSchema, { gitfCardNumber, giftCardPin });
    expect(parse('6006 4912 3456 7890 123', '1234').output).toEqual({ gitfCardNumber: '6006491234567890123', giftCardPin: '1234' });
    expect(parse('600649123456789', '1234').issues?.[0]?.message).toBe(GIFT_CARD_INVALID);
    expect(parse('60064912345678901234', '1234').issues?.[0]?.message).toBe(GIFT_CARD_INVALID);
    expect(parse('6006491234567890', '123').issues?.[0]?.message).toBe(PIN_INVALID);
    expect(parse('6006491234567890', '12a4').issues?.[0]?.message).toBe(PIN_INVALID);
  });

  it('shows a card by its last four only', () => {
    const number = newCardNumber();
    expect(maskedGiftCardNumber(lastFour(number))).toBe(`•••• ${number.slice(-4)}`);
  });
});
