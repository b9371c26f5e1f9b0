/**
 * The sandbox gateway's documented test cards (README, "Card payments"): the outcome a number stands for is worked
 * out once, at tokenization, and kept with the token (the number itself is not kept). Every other valid number
 * approves. 4000000000007775 is the sandbox's own (Stripe has no card that times out): the gateway records the
 * authorization but its reply never comes before the client's timeout, every time that card is used.
 */
export type SandboxOutcome = 'approve' | 'decline' | 'insufficient_funds' | 'processing_error' | 'timeout';

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
} as const;

/** What a client says when the provider has not answered in time (the outcome is unknown). */
export const TIMEOUT_MESSAGE = 'There was a technical problem with your card. Please try again.';
