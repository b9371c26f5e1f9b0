import type { Db } from '../db/database.ts';
import { lockClause, withWriteTransaction } from '../db/transaction.ts';
import type { AuthorizeResult } from '../payments/gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { STORE_CARD_INSUFFICIENT_CREDIT } from '#src/lib/store-card/store-card-messages.ts';
import { holdCredit, releaseHold } from './ledger.ts';

/**
 * The store card as a placement's payer (src/server/checkout/placement/payer.ts): the amount due is held against the
 * account's available credit, in a transaction of its own, under the placement attempt's id. The attempt's row is
 * locked first, as recovery locks it before it gives an attempt's hold back, so a hold never lands on an attempt that
 * recovery has already ended.
 */
export function storeCardPayer(db: Db, accountId: string) {
  return {
    authorize: ({ amountCents, reference }: { amountCents: number; reference: string }): Promise<AuthorizeResult> =>
      withWriteTransaction(db, async (tx): Promise<AuthorizeResult> => {
        const attempt = await lockClause(db)(tx.selectFrom('checkout_attempts').select('state').where('id', '=', reference)).executeTakeFirst();
        if (attempt?.state !== 'authorizing') return { ok: false, code: 'processing_error', message: ORDER_TECHNICAL_PROBLEM };
        const held = await holdCredit(tx, accountId, reference, amountCents);
        if (held.ok) return { ok: true, authorizationId: `store-card:${held.holdId}` };
        if (held.reason === 'insufficient_credit') return { ok: false, code: 'insufficient_funds', message: STORE_CARD_INSUFFICIENT_CREDIT };
        return { ok: false, code: 'declined', message: ORDER_TECHNICAL_PROBLEM };
      }),
    void: async (_authorizationId: string, reference: string): Promise<void> => {
      await withWriteTransaction(db, (tx) => releaseHold(tx, reference));
    },
  };
}
