/**
 * The store card (PLCC) in the engine's own types: a signed-in holder's card among their saved payment instruments,
 * and what the header's card placements read of it. Money in cents. On the wire (src/lib/api/wire.ts) they become
 * the spec's c_otb, c_rewards, c_plccAccountNumber and c_customerPlccInfo.
 */
export interface SavedStoreCard {
  paymentInstrumentId: string;
  last4: string;
  holder: string;
  /** Available credit: the limit less open holds and charges, never below 0. */
  availableCents: number;
  points: number;
}

export interface PlccInfo {
  isHolder: boolean;
  firstName: string | null;
  availableCents: number;
  points: number;
}
