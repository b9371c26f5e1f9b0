import type { InsertQueryBuilder, InsertResult, QueryCreator } from 'kysely';
import type { Param } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';

/**
 * A new holder's row: `insert` builds it from `values` alone (one function for every call, so the add's statement
 * that carries it is compiled once and prepared by name: db/prepared.ts), `values` are this holder's.
 */
export interface NewHolding {
  insert(q: QueryCreator<Database>, ...values: Param[]): InsertQueryBuilder<Database, 'sessions', InsertResult>;
  values: Param[];
}

/**
 * Who holds the bag an add goes to (the visitor's session), implemented by the session layer
 * (session.ts) so that the engine writes no session or customer table. Both run inside the
 * add's transaction. `lockBasketId` locks the holder and gives its bag (null: none yet; undefined: the holder is
 * gone, the add uses the basket id it was given); `holdBasket` gives it the bag the add made.
 */
export interface BagHolder {
  lockBasketId(tx: Tx): Promise<string | null | undefined>;
  holdBasket(tx: Tx, basketId: string): Promise<void>;
  /**
   * Only a holder not stored yet (a guest's first add): its row, holding the bag, as an insert the add sends with the
   * bag's own rows (on PostgreSQL one statement, needing no transaction around it). Holds the bag once it has run.
   */
  newHolding?(basketId: string): NewHolding;
}
