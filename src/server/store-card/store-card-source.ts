/**
 * What pays when the store card pays: the account, never its number. A store card is not a card network's card: its
 * number comes to the store's own payment endpoint (never to the card gateway), is looked up by its keyed hash, and
 * from then on the checkout holds only the account's id (docs/decisions.md "The store card").
 */
export interface StoreCardSource {
  kind: 'store-card';
  accountId: string;
  /** Chosen as the holder's saved store card (not typed into the card form): a membership is not paid with it. */
  saved?: boolean;
}

/** A store card has no expiry: its record carries 0 for month and year. */
export const NO_EXPIRY = 0;
