/** Store card accounts and their ledger (migration 028-store-cards.ts explains each table), the offers' pre-screens (039) and applications (040). */

export interface StoreCardAccountTable {
  id: string;
  /** HMAC-SHA-256 of the number under the gift card key (src/server/gift-cards/card-numbers.ts): how a card is found. */
  number_hash: string;
  last4: string;
  /** The account's holder in the store: their saved payment instruments show the card. Null for a card with no account here. */
  customer_id: string | null;
  holder_first_name: string;
  holder_last_name: string;
  /** Checks a number a guest enters, with the billing address's ZIP code (five digits). */
  billing_postal_code: string;
  credit_limit_cents: number;
  points: number;
  created_at: string;
}

export interface StoreCardLedgerTable {
  id: string;
  account_id: string;
  /** The placement attempt: one hold, then one capture or one release. */
  attempt_id: string;
  kind: 'hold' | 'capture' | 'release';
  /** Positive: the held amount, and the same amount when it is captured or released. */
  amount_cents: number;
  created_at: string;
}

export interface StoreCardPrescreenTable {
  id: string;
  session_id: string;
  basket_id: string;
  outcome: 'offer' | 'card-holder' | 'no-offer';
  /** The bureau's own id of the pre-screen (sent back with the application). */
  bureau_reference: string | null;
  credit_limit_cents: number | null;
  viewed: number;
  /** How many times the shopper answered NO: 1 makes the rebuttal eligible, 2 closes the offer. */
  declines: number;
  created_at: string;
}

export interface StoreCardApplicationTable {
  prescreen_id: string;
  /** Null while the issuer is being asked. */
  result: 'APPROVED' | 'PENDING' | 'DECLINED' | 'ACCOUNT_EXISTS' | 'ERROR' | null;
  account_id: string | null;
  created_at: string;
}
