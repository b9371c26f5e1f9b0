import type { Tx } from '../db/transaction.ts';

/**
 * Who holds the bag an add goes to (the visitor's session), implemented by the session layer
 * (session.ts) so that the engine writes no session or customer table. Both run inside the
 * add's transaction. `lockBasketId` locks the holder and gives its bag (null: none yet; undefined: the holder is
 * gone, the add uses the basket id it was given); `holdBasket` gives it the bag the add made.
 */
export interface BagHolder {
  lockBasketId(tx: Tx): Promise<string | null | undefined>;
  holdBasket(tx: Tx, basketId: string): Promise<void>;
}
