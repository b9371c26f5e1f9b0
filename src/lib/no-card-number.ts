import * as v from 'valibot';

/**
 * No card number in free text: the rule every text field the store keeps (names, address lines, gift card names and
 * messages) applies, on the server and in the form alike. Its own module, without card-validator, since the product
 * page's gift card form uses it too.
 */

/** Said when a field the store keeps as text holds what looks like a card number. */
export const CARD_NUMBER_IN_TEXT = 'Please do not enter a card number here.';

const DIGIT_RUN = /\d+(?:[ .-]\d+)*/g;

/**
 * Whether text holds a payment card number: 13 to 19 digits in a row, or in groups split by a space, dot or dash as
 * a shopper types or pastes one ('4242 4242 4242 4242', next to an expiry or not), that pass the Luhn check. Names,
 * address lines and gift messages refuse it, so a number typed in the wrong field never reaches the database.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.split(/[ .-]/);
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length < 19; last++) {
        digits += groups[last];
        if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) return true;
      }
    }
  }
  return false;
}

/** The valibot check every free-text field the store keeps ends with. */
export const noCardNumber = () => v.check((text: string) => !containsCardNumber(text), CARD_NUMBER_IN_TEXT);

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]) * (i % 2 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return sum % 10 === 0;
}
