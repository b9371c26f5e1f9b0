import type { Db } from '../db/database.ts';
import { lockClause, type Tx } from '../db/transaction.ts';
import { CommerceError } from './errors.ts';

export const BAG_NOT_FOUND = 'Your bag could not be found. Please refresh the page.';

/**
 * Locks the basket row for the rest of the write transaction (FOR UPDATE on PostgreSQL; SQLite's immediate
 * transaction already excludes other writers) and says whether it is an open bag. Every basket write starts here,
 * so two requests for one bag apply one after the other.
 */
export async function tryLockOpenBasket(db: Db, tx: Tx, basketId: string | null): Promise<boolean> {
  if (!basketId) return false;
  const row = await lockClause(db)(tx.selectFrom('baskets').select('status').where('id', '=', basketId)).executeTakeFirst();
  return row?.status === 'open';
}

/** As tryLockOpenBasket, for a write that needs the bag: a missing or ordered bag is refused (404). */
export async function lockOpenBasket(db: Db, tx: Tx, basketId: string): Promise<void> {
  if (!(await tryLockOpenBasket(db, tx, basketId))) throw new CommerceError('not_found', BAG_NOT_FOUND);
}
