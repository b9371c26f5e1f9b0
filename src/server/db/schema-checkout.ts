import type { ColumnType, Generated } from 'kysely';

/** The checkout's tables (migration 010-checkout.ts explains each). JSON columns hold our own shapes as text. */

export interface BasketCheckoutTable {
  basket_id: string;
  email: string | null;
  email_subscribe: Generated<number>;
  /** CheckoutAddress JSON. */
  shipping_address: string | null;
  billing_address: string | null;
  /** The billing address's stateCode (a bag that ships nothing is taxed by it); null without a billing address. */
  billing_state_code: string | null;
  /** 1 once the shopper has submitted the shipping step (the spec's ShippingMethodRequired flash clears). */
  shipping_method_confirmed: Generated<number>;
  billing_same: Generated<number>;
  /** StoredPayment JSON: a token, last four, type, expiry and holder; never a number or a security code. */
  payment: string | null;
  /** KeptWebPayment JSON: PayPal approved from the bag, kept while its address is corrected (migration 033). */
  web_payment: string | null;
  ecoship: Generated<number>;
  package_protection: Generated<number>;
  updated_at: string;
}

export interface CheckoutAttemptTable {
  id: string;
  idempotency_key: string;
  basket_id: string;
  request_hash: string;
  state: 'pending' | 'authorizing' | 'done';
  /** The order as it will be written (lines and totals priced at placement), kept until the attempt is done. */
  snapshot: string | null;
  authorization_id: string | null;
  reply_status: number | null;
  reply: string | null;
  lease_until: string;
  created_at: string;
}

export interface OrderLineTable {
  order_id: string;
  position: number;
  sku: string;
  product_id: string;
  product_name: string;
  /** Colour, size, hemming, gift card recipient: what the line said when ordered, in one line of text. */
  details: string;
  /** The same as the bag showed it, one text per line (src/lib/line-details.ts): JSON string[]; null on older orders. */
  detail_lines: string | null;
  /** The line at its original price when it was bought for less (its saving), else null. */
  original_total_cents: number | null;
  image_url: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

export interface CustomerAddressTable {
  id: string;
  customer_id: string;
  address: string;
  preferred: Generated<number>;
  created_at: string;
}

export interface CustomerCardTable {
  id: string;
  customer_id: string;
  card: string;
  created_at: string;
}

export interface EmailSubscriptionTable {
  email: string;
  source: string;
  /** The time of consent. */
  created_at: string;
  /** The wording consented to (migration 037-email-signup-consent.ts); null for the checkout's box. */
  consent_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A web payment order's capture, owed once its order is written (migration 031-web-payment-captures.ts). */
export interface WebPaymentCaptureTable {
  attempt_id: string;
  order_id: string;
  authorization_id: string;
  capture_id: string | null;
  created_at: string;
  captured_at: string | null;
}
