import { isDigital, isEGiftCard } from '../product-types.ts';

/** The checkout spec's order placement messages (§4 "Order placement", §8), one constant each. */
export const ORDER_TOTAL_CHANGED = 'Your order total has changed. Please select a payment method to place your order.';
/** PayPal approved another amount than the bag's total for PayPal's address: the store shows the total before placing. */
export const EXPRESS_TOTAL_TO_REVIEW = 'Please review your order total, with tax for the address you chose at PayPal, and place your order.';
/** The bag's total changed again between the review and its Place order: the review shows the total to confirm. */
export const EXPRESS_TOTAL_CHANGED_AGAIN = 'Your order total has changed. Please review the new total and place your order.';
export const ORDER_TECHNICAL_PROBLEM = 'There was a technical problem processing your order, please try again';
/**
 * Place order pressed for a bag that is gone (the visitor's session holds no bag, and the request's key placed none):
 * the checkout the shopper reads still lists it, so they are told their bag is empty now, in the spec's words.
 */
export const ORDER_BAG_EMPTIED =
  "We ran into a technical issue while processing your order, and your shopping bag has been emptied. We're sorry for the inconvenience.";
/** A placement whose totals are not whole cents (the checkout always sends them so), in the spec's words, spelled so. */
export const ORDER_INFORMATION_INCORRECT = 'The information we recived is incorrect';
/** The order confirmation opened in a browser that has placed no order lately (its order cookie is gone). */
export const NO_RECENT_ORDER = 'We could not find a recent order in this browser.';
/** A placement whose request never got an answer: the attempt's key is kept, so trying again is safe. */
export const STORE_UNREACHABLE = 'We could not reach the store. Please check your connection and try again.';

/**
 * When the card is charged, as review tells it: the amount is held when the order is placed and taken when the order
 * goes out. A parcel goes out when it ships; an e-gift card when it is e-mailed to its recipient; a membership when
 * it starts (on placing the order).
 */
export function chargeNote(productTypes: readonly number[]): string {
  if (productTypes.some((t) => !isDigital(t))) return 'Your card is charged when your order ships.';
  if (productTypes.some(isEGiftCard)) return 'Nothing in this order ships: your card is charged when the e-gift card is e-mailed to its recipient.';
  return 'Nothing in this order ships: your card is charged when your membership starts.';
}

/**
 * The codes of the express checkout's two refusals that a page treats apart: PayPal's address the bag cannot ship to
 * (detail: the field and its message), and a total changed by PayPal's address (detail: { amountDue, payerEmail }).
 */
export const EXPRESS_PROBLEM = { address: 'express-address', review: 'express-review' } as const;
