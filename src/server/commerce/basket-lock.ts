import type { Db } from '../db/database.ts';
import { lockClause, type Tx } from '../db/transaction.ts';
import { CommerceError } from './errors.ts';

/** A bag whose order is being placed right now cannot change under it. */
export const BAG_BEING_ORDERED = 'Your order is being placed. Please wait a moment.';

export const BAG_NOT_FOUND = 'Your bag could not be found. Please refresh the page.';

/**
 * Locks the basket row for the rest of the write transaction (FOR UPDATE on PostgreSQL; SQLite's immediate
 * transaction already excludes other writers) and says whether it is an open bag. Every basket write starts here,
 * so two requests for one bag apply one after the other. A bag whose order is being placed is refused (409).
 */
export async function tryLockOpenBasket(db: Db, tx: Tx, basketId: string | null): Promise<boolean> {
  if (!basketId) return false;
  const row = await lockClause(db)(tx.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId)).executeTakeFirst();
  if (row?.status === 'open' && row.placing_attempt_id) throw new CommerceError('conflict', BAG_BEING_ORDERED);
  return row?.status === 'open';
}

/** As tryLockOpenBasket, for a write that needs the bag: a missing or ordered bag is refused (404). */
export async function lockOpenBasket(db: Db, tx: Tx, basketId: string): Promise<void> {
  if (!(await tryLockOpenBasket(db, tx, basketId))) throw new CommerceError('not_found', BAG_NOT_FOUND);
}
