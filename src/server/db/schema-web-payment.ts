/**
 * The web payment provider's tables (migration 027-web-payment.ts). The sandbox's rows are what PayPal would hold on
 * its side; the store's own tables never read them.
 */
export interface PaypalSandboxOrderTable {
  /** A PayPal-like order id: 17 capitals and digits. */
  id: string;
  /** Our placement key (PayPal's custom_id). */
  reference: string;
  amount_cents: number;
  /** The breakdown in cents, as JSON (web-payment-amounts.ts AmountBreakdown). */
  breakdown: string;
  currency: string;
  return_url: string;
  cancel_url: string;
  /** CREATED (awaiting the shopper), APPROVED, COMPLETED (authorized): Orders v2's names. */
  status: string;
  /** What the shopper approved with: balance, or declined (the approval page's declined funding source). */
  funding: string | null;
  payer_id: string | null;
  /** The payer and the address chosen on the approval page, as JSON (migration 033-web-payment-contacts.ts). */
  payer: string | null;
  shipping: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaypalSandboxAuthorizationTable {
  id: string;
  order_id: string;
  amount_cents: number;
  /** CREATED (held), CAPTURED, VOIDED: Payments v2's names. */
  status: string;
  capture_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per operation and request id: the first call's answer, as JSON, replayed to every later one. */
export interface PaypalSandboxRequestTable {
  request_key: string;
  /** What the request asked, so the id reused for something else is refused. */
  fingerprint: string;
  /** Null while the first call is working. */
  reply: string | null;
  created_at: string;
}

/** Which provider order was made under which placement key (the PayPal adapter's index for recovery). */
export interface WebPaymentOrderTable {
  order_id: string;
  provider: string;
  reference: string;
  created_at: string;
}
