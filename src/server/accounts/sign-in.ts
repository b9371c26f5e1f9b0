import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { mergeBaskets, type MergeOutcome } from '../commerce/merge-baskets.ts';
import { createSession, type Session } from '../session/session.ts';
import type { Customer } from './accounts.ts';

/**
 * Starts a customer session: the guest bag joins the customer's stored bag, the old session row is deleted and a
 * new one (new token, so a fixated or leaked guest cookie is worthless) is created for the customer.
 */
export async function startCustomerSession(
  db: Db,
  previous: Session | null,
  customer: Customer,
  remember: boolean,
  guestTtl: number,
): Promise<{ token: string; session: Session; ttl: number; merge: MergeOutcome }> {
  const merge = await withWriteTransaction(db, async (tx) => {
    const outcome = await mergeBaskets(db, tx, previous?.basketId ?? null, customer.basketId);
    await tx.updateTable('customers').set({ basket_id: outcome.basketId }).where('id', '=', customer.id).execute();
    if (previous) await tx.deleteFrom('sessions').where('id', '=', previous.id).execute();
    return outcome;
  });
  const created = await createSession(db, guestTtl, { customerId: customer.id, basketId: merge.basketId, remember, usid: previous?.usid });
  return { ...created, merge };
}

/** Ends the session on the server (a replayed cookie is a guest again) and starts a fresh guest session. */
export async function endCustomerSession(db: Db, current: Session, guestTtl: number) {
  await db.kysely.deleteFrom('sessions').where('id', '=', current.id).execute();
  return createSession(db, guestTtl);
}
