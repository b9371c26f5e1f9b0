import { lockedRead, prepared, preparedWrite } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';
import { CommerceError } from './errors.ts';

/** A bag whose order is being placed right now cannot change under it. */
export const BAG_BEING_ORDERED = 'Your order is being placed. Please wait a moment.';

export const BAG_NOT_FOUND = 'Your bag could not be found. Please refresh the page.';

/**
 * The bag's order placement has outlived its lease: the process placing it died (or lost the database) between
 * authorizing and committing. Still a 409 for whoever does not settle it; a write transaction settles it
 * (src/server/checkout/placement/recovery.ts, through Db.recoverFrom) and runs again.
 */
export class PlacementLapsed extends CommerceError {
  readonly attemptId: string;
  constructor(attemptId: string, message = BAG_BEING_ORDERED) {
    super('conflict', message);
    this.name = 'PlacementLapsed';
    this.attemptId = attemptId;
  }
}

/**
 * The attempt a PlacementLapsed names, or null. By name rather than instanceof: the server bundle and the HTTP server
 * (src/server/main.ts) each load their own copy of this module, and the error may come from the other copy.
 */
export function lapsedAttemptOf(err: unknown): string | null {
  if (!(err instanceof Error) || err.name !== 'PlacementLapsed') return null;
  const { attemptId } = err as Partial<PlacementLapsed>;
  return typeof attemptId === 'string' ? attemptId : null;
}

/** Whether the placement holding a bag is still authorizing past its lease. Read in the transaction that locked the bag. */
export async function placementLapsed(tx: Tx, attemptId: string): Promise<boolean> {
  const attempt = await tx.selectFrom('checkout_attempts').select(['state', 'lease_until']).where('id', '=', attemptId).executeTakeFirst();
  return attempt?.state === 'authorizing' && attempt.lease_until < new Date().toISOString();
}

/**
 * Locks the basket row for the rest of the write transaction (FOR UPDATE on PostgreSQL; SQLite's immediate
 * transaction already excludes other writers) and says whether it is an open bag. Every basket write starts here,
 * so two requests for one bag apply one after the other. A bag whose order is being placed is refused (409).
 */
export async function tryLockOpenBasket(tx: Tx, basketId: string | null): Promise<boolean> {
  if (!basketId) return false;
  const [row] = await lockedBasket(tx, basketId);
  if (row?.status === 'open' && row.placing_attempt_id) {
    if (await placementLapsed(tx, row.placing_attempt_id)) throw new PlacementLapsed(row.placing_attempt_id);
    throw new CommerceError('conflict', BAG_BEING_ORDERED);
  }
  return row?.status === 'open';
}

/** The bag's row, locked on PostgreSQL: built once per dialect (every bag write starts with it). */
const lockedBasket = prepared((tx: Tx, basketId: string) =>
  lockedRead(tx, tx.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', basketId)),
);

/** As tryLockOpenBasket, for a write that needs the bag: a missing or ordered bag is refused (404). */
export async function lockOpenBasket(tx: Tx, basketId: string): Promise<void> {
  if (!(await tryLockOpenBasket(tx, basketId))) throw new CommerceError('not_found', BAG_NOT_FOUND);
}

/**
 * Marks the bag changed now, in the transaction that locked it: an idle bag nobody holds is swept by its
 * `updated_at` (src/server/maintenance/sweep.ts). Every change to a bag's lines, codes or tenders ends here. Compiled
 * once; `compiled` gives the statement to send with others (db/write-batch.ts).
 */
export const touchBag = preparedWrite((tx: Tx, basketId: string, now: string) =>
  tx.updateTable('baskets').set({ updated_at: now }).where('id', '=', basketId),
);

/** As touchBag, and names the line the bag's "added" notice is about (null once that line may be gone). */
export const touchBagLastAdded = preparedWrite((tx: Tx, basketId: string, itemId: string | null, now: string) =>
  tx.updateTable('baskets').set({ last_added_item_id: itemId, updated_at: now }).where('id', '=', basketId),
);
