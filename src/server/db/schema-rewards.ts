/** The rewards programmes (migration 024-rewards-programmes.ts explains each table). */

/** fbb: the retailer's programme (every account); elq and dia: the two brand programmes with rewards dollars. */
export type ProgrammeColumn = 'fbb' | 'elq' | 'dia';

export interface RewardsMembershipTable {
  customer_id: string;
  programme: ProgrammeColumn;
  is_active: number;
  /** Points held toward the next reward (always below the threshold once an order's earning has run). */
  points: number;
}

export interface RewardsEarningTable {
  order_id: string;
  programme: ProgrammeColumn;
  customer_id: string;
  points: number;
  created_at: string;
}

export interface RewardsLedgerTable {
  id: string;
  customer_id: string;
  programme: 'elq' | 'dia';
  kind: 'earn' | 'spend' | 'reversal';
  /** Signed: an earn and a reversal add, a spend takes away. */
  amount_cents: number;
  /** The order that earned it; null for a spend, a reversal, or rewards the back office granted. */
  order_id: string | null;
  /** The placement attempt of a spend or reversal (one of each per attempt, customer and programme). */
  attempt_id: string | null;
  created_at: string;
}

export interface RewardCertificateTable {
  id: string;
  /** HMAC-SHA-256 of the number under GIFT_CARD_KEY (src/server/gift-cards/card-numbers.ts): how it is found. */
  number_hash: string;
  last4: string;
  customer_id: string;
  kind: 'FB_REWARD_CERTIFICATE' | 'ADS_REWARD_CERTIFICATE';
  amount_cents: number;
  expires_at: string;
  /** The order whose points issued it; null for one issued outside the store (the retailer card's). */
  order_id: string | null;
  /** Set together: when and by which placement attempt it was used. */
  used_at: string | null;
  used_by_attempt: string | null;
  created_at: string;
}
