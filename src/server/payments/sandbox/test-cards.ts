/**
 * The sandbox gateway's documented test cards (README, "Configuration"): the outcome a number stands for is worked
 * out once, at tokenization, and kept with the token (the number itself is not kept). Every other valid number
 * approves. 4000000000007775 is the sandbox's own (Stripe has no card that times out): the gateway records the
 * authorization but its reply never comes before the client's timeout, every time that card is used.
 */
export type SandboxOutcome = 'approve' | 'decline' | 'insufficient_funds' | 'processing_error' | 'timeout';

/**
 * The security codes the sandbox calls wrong: all nines (999, or 9999 for American Express). A saved card paid with
 * one at review is declined with Stripe's incorrect_cvc message; any other well-formed code is right. Stripe checks a
 * re-collected code against the card's issuer; the sandbox keeps no code to compare with, so a documented value
 * stands for a wrong one.
 */
export const isWrongSecurityCode = (code: string) => /^9{3,4}$/.test(code);

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'approve',
  '378282246310005': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000000000000119': 'processing_error',
  '4000000000007775': 'timeout',
};

export const outcomeOf = (digits: string): SandboxOutcome => SANDBOX_TEST_CARDS[digits] ?? 'approve';

/** The refusals, with Stripe's own wording for the shopper (https://docs.stripe.com/declines/codes). */
export const REFUSALS = {
  decline: { code: 'declined', message: 'Your card was declined.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  processing_error: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
  incorrect_cvc: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  /** A token is spent by its first use (Stripe: token_already_used); the shopper enters the card again. */
  token_used: { code: 'token_used', message: 'This card entry has already been used. Please enter your card again.' },
} as const;
