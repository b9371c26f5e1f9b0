import type { Db } from '../db/database.ts';
import { lockClause, withWriteTransaction } from '../db/transaction.ts';
import { mergeBaskets, type MergeOutcome } from '../commerce/merge-baskets.ts';
import { createSession, deleteSession, type Session } from '../session/session.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';

/**
 * Starts a customer session: the guest bag joins the customer's stored bag, the old session row is deleted and a
 * new one (new token, so a fixated or leaked guest cookie is worthless) is created for the customer. The guest's
 * bag and the account's are both read inside the write transaction (see mergeBaskets), so sign-ins and first adds
 * running at the same moment cannot leave a bag behind.
 */
export async function startCustomerSession(
  db: Db,
  previous: Session | null,
  customer: Customer,
  remember: boolean,
  guestTtl: number,
): Promise<{ token: string; session: Session; ttl: number; merge: MergeOutcome }> {
  const merge = await withWriteTransaction(db, async (tx) => {
    let guestBasketId = previous?.basketId ?? null;
    if (previous?.saved) {
      const row = await lockClause(db)(tx.selectFrom('sessions').select('basket_id').where('id', '=', previous.id)).executeTakeFirst();
      guestBasketId = row?.basket_id ?? guestBasketId;
      await tx.deleteFrom('sessions').where('id', '=', previous.id).execute();
    }
    return mergeBaskets(db, tx, guestBasketId, customer.id);
  });
  const created = await createSession(db, guestTtl, { customerId: customer.id, basketId: merge.basketId, remember, usid: previous?.usid });
  return { ...created, merge };
}

/** Ends the session on the server, so a replayed cookie is worthless; the visitor is a cookieless guest again. */
export async function endCustomerSession(db: Db, current: Session): Promise<void> {
  if (current.saved) await deleteSession(db, current.id);
}
