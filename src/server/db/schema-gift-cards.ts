/** Gift cards and their ledger (migration 023-gift-cards.ts explains each table). */

export interface GiftCardTable {
  id: string;
  /** HMAC-SHA-256 of the number under GIFT_CARD_KEY (src/server/gift-cards/card-numbers.ts): how a card is found. */
  number_hash: string;
  /** The number's last four digits, for display and fulfilment. */
  last4: string;
  /** HMAC-SHA-256 of the number and PIN under GIFT_CARD_KEY: never the PIN itself. */
  pin_hash: string;
  kind: 'physical' | 'e';
  /** The order, its line (order_lines.position) and the unit of that line that bought the card: unique. */
  order_id: string;
  line_position: number;
  unit: number;
  created_at: string;
}

export interface GiftCardLedgerTable {
  id: string;
  card_id: string;
  kind: 'issue' | 'debit' | 'reversal';
  /** Signed: an issue and a reversal add, a debit takes away. */
  amount_cents: number;
  /** The placement attempt of a debit or reversal (one of each per attempt and card); null for an issue. */
  attempt_id: string | null;
  created_at: string;
}

/** Wrong PINs for one card number or from one client: a fixed window, and a lock once the window's limit is reached. */
export interface GiftCardFailureTable {
  key: string;
  failures: number;
  window_until: string;
  locked_until: string | null;
}
