import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AddressSchema } from '#src/lib/checkout/address-rules.ts';
import { AddToBagSchema } from '#src/lib/schemas/basket.ts';
import { CARD_NUMBER_IN_TEXT, containsCardNumber } from '#src/lib/no-card-number.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/** A number of `length` digits whose last digit makes the Luhn sum a multiple of ten. */
function withCheckDigit(body: number[]): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = body[body.length - 1 - i]! * (i % 2 ? 1 : 2);
    sum += d > 9 ? d - 9 : d;
  }
  return [...body, (10 - (sum % 10)) % 10].join('');
}

const cardNumber = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 1, maxLength: length - 1 }).map(withCheckDigit));
const separator = fc.constantFrom(' ', '-', '.', '');

describe('no card number in the text the store keeps', () => {
  it('finds a card number typed whole, in groups of four, or beside an expiry', () => {
    expect(containsCardNumber('4242424242424242')).toBe(true);
    expect(containsCardNumber('Ada 4242 4242 4242 4242 12/28')).toBe(true);
    expect(containsCardNumber('3782-822463-10005')).toBe(true);
    expect(containsCardNumber('Happy birthday! 4000.0000.0000.0002')).toBe(true);
  });

  it('leaves street numbers, phone numbers, ZIP codes and a number that fails the Luhn check alone', () => {
    for (const text of ['224 W 35th St', 'Apt 12-B', '(212) 555-0100', '10001-2345', '4242424242424241', 'Call 212 555 0100 or 10001']) {
      expect(containsCardNumber(text), text).toBe(false);
    }
  });

  it('finds any Luhn-valid 13 to 19 digit number, however it is grouped and whatever text is around it', () => {
    fc.assert(
      fc.property(cardNumber, separator, fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (number, sep, before, after) => {
        const grouped = number.match(/.{1,4}/g)!.join(sep);
        return containsCardNumber(`${before.replace(/\d/g, 'x')} ${grouped} ${after.replace(/\d/g, 'x')}`);
      }),
    );
  });

  it('is enforced by the schemas of addresses and gift card fields, with its own message', () => {
    const address = v.safeParse(AddressSchema, { ...TEST_ADDRESS, address2: '4242 4242 4242 4242' });
    expect(address.success).toBe(false);
    expect(address.issues?.[0]?.message).toBe(CARD_NUMBER_IN_TEXT);
    for (const field of ['giftMessage', 'c_giftCardSender', 'c_giftCardRecipient']) {
      const add = v.safeParse(AddToBagSchema, { productId: 'egc-3-egc-25', [field]: 'from 4242424242424242' });
      expect(add.success, field).toBe(false);
      expect(add.issues?.[0]?.message, field).toBe(CARD_NUMBER_IN_TEXT);
    }
  });
});
