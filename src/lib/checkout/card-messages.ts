/**
 * The card texts the shopper reads when a card cannot be used (checkout spec §8 "Tokenization failure: the provider
 * message or a technical error"), one constant each: the payment step, tokenization, the checkout and the payment
 * adapters import them. The card form's field messages are in card-rules.ts; the provider's own refusals (declined,
 * insufficient funds) in src/server/payments/sandbox/test-cards.ts.
 */

/** Tokenization or an authorization did not get an answer: the card may be fine, the shopper tries again. */
export const CARD_TECHNICAL_PROBLEM = 'There was a technical problem with your card. Please try again.';
