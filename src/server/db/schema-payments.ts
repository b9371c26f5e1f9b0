/**
 * The embedded sandbox gateway's own vault (migration 011-payment-sandbox.ts). What a real provider would hold on
 * its side; the store's tables never see these rows. No card number or security code is ever stored: only what
 * a provider's token object shows (last four, brand, expiry, holder) and the test outcome the number stood for.
 */
export interface PaymentSandboxTokenTable {
  token: string;
  last4: string;
  brand: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  /** approve | decline | insufficient_funds | processing_error | timeout (src/server/payments/sandbox/test-cards.ts). */
  outcome: string;
  created_at: string;
  /** When the token was spent (its first authorization, or saving it as a payment method); null while unused. */
  used_at: string | null;
}

/** A saved card: a reusable payment method attached to a customer reference (Stripe's PaymentMethod on a Customer). */
export interface PaymentSandboxMethodTable {
  id: string;
  /** The idempotency reference it was made under: a retried save answers the same method. */
  reference: string;
  customer_ref: string;
  last4: string;
  brand: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  outcome: string;
  created_at: string;
}

/** One row per reference (unique): the first answer, replayed to every later call with that reference. */
export interface PaymentSandboxAuthorizationTable {
  id: string;
  reference: string;
  /** What paid: a token, or a saved card's payment method id. */
  token: string;
  amount_cents: number;
  currency: string;
  /** authorized | voided | captured, or refused (declined, insufficient_funds, processing_error: no hold). */
  status: string;
  /** For a refusal: our code and the shopper's message. */
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}
