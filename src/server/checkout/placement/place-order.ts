import type { Db } from '../../db/database.ts';
import { withWriteTransaction } from '../../db/transaction.ts';
import { lapsedAttemptOf } from '../../commerce/basket-lock.ts';
import type { QueuedMail } from '../../mail/mailer.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { isUniqueViolation, requestHash } from './attempt-log.ts';
import { authorizeAndCommit } from './authorize.ts';
import { ClaimUndone, claimBag, markClaimed } from './claim.ts';
import { commitOrder, delivered } from './commit.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { failed, ORDER_BEING_PLACED, type PlacementRequest } from './placement-types.ts';
import { recoverAttempt, type WebPaymentSource } from './recovery.ts';
import { webPaymentProvider } from '../../payments/web-payments.ts';
import { awaitReply } from './replay.ts';
import type { OrderSnapshot } from './snapshot.ts';

/**
 * Placing an order, exactly once: the checkout's last step. Three short transactions around the one call that moves
 * money, so that no transaction is held open while the gateway answers:
 *
 * 1. Claim (claim.ts): the attempt for the idempotency key is opened (a second request with the key finds it and
 *    waits for its reply: replay.ts), the bag is locked and checked, stock is taken, the bag is marked as being
 *    placed, the bag's gift cards are debited (src/server/tenders/tender-payment.ts), and the attempt is committed as 'authorizing' with a snapshot of the order (snapshot.ts), BEFORE the
 *    gateway is called: the intent log (attempt-log.ts). An order with nothing to pay is written right there.
 * 2. Authorize (authorize.ts): the gateway holds what the gift cards left (amountDue), with the attempt id as the
 *    provider's idempotency key; a store card holds it against the account's credit instead, under the same id
 *    (payer.ts).
 * 3. Commit (commit.ts): the order and its lines are written from the snapshot (src/server/orders/write-order.ts),
 *    the bag is marked ordered and let go by its sessions, the confirmation e-mail is queued in the outbox, and the
 *    attempt stores its reply, all at once.
 *
 * A refusal at 2 (or a failure at 3) gives the stock back, reverses the gift card debits, voids any authorization and frees the bag. A process that
 * dies between 1 and 3 leaves an 'authorizing' attempt whose lease runs out; recovery (recovery.ts) voids what the
 * gateway holds under its reference and gives everything back, at the lease's end or as soon as a request meets it.
 */

type Claimed =
  | { kind: 'reply'; reply: PlacementReply & { mail?: QueuedMail } }
  | { kind: 'authorize'; attemptId: string; snapshot: OrderSnapshot; leaseUntil: Date };

export async function placeOrder(
  db: Db,
  gateway: PaymentGateway,
  request: PlacementRequest,
  leaseMs: number,
  web: WebPaymentSource = webPaymentProvider,
): Promise<PlacementReply> {
  const hash = requestHash(request.bagId, request.body);
  let claimed: Claimed | undefined;
  // A claim refused after it took stock or tenders is rolled back whole and made again with a savepoint (claim.ts).
  let savepoint = false;
  while (!claimed) {
    try {
      claimed = await withWriteTransaction(db, async (tx): Promise<Claimed> => {
        const claim = await claimBag(db, tx, request, hash, leaseMs, savepoint);
        if (claim.kind === 'reply') return claim;
        // Nothing for a card to pay (a total of 0, or gift cards pay it all): the order is written in this same
        // transaction, with no gateway call.
        if ((claim.snapshot.amountDue ?? claim.snapshot.totals.orderTotal) === 0)
          return { kind: 'reply', reply: await commitOrder(tx, claim.attemptId, request.bagId, claim.snapshot, null) };
        if (!claim.marked) await markClaimed(tx, claim.attemptId, request.bagId, claim.snapshot);
        return { kind: 'authorize', attemptId: claim.attemptId, snapshot: claim.snapshot, leaseUntil: claim.leaseUntil };
      });
    } catch (err) {
      if (err instanceof ClaimUndone && !savepoint) {
        savepoint = true;
        continue;
      }
      if (isUniqueViolation(err)) return awaitReply(db, gateway, request.idempotencyKey, hash, leaseMs, web);
      // The bag's previous placement outlived its lease: settled here, this claim runs again. One the gateway cannot
      // be asked about yet keeps the bag; this key is not used up (its claim was rolled back).
      const lapsed = lapsedAttemptOf(err);
      if (!lapsed) throw err;
      if (!(await recoverAttempt(db, gateway, lapsed, new Date(), web))) return failed(409, ORDER_BEING_PLACED, null, request.expectedTotal);
    }
  }
  if (claimed.kind === 'reply') return delivered(db, claimed.reply);
  const provider = claimed.snapshot.webPayment ? web() : null;
  const { attemptId, snapshot, leaseUntil } = claimed;
  return authorizeAndCommit(db, gateway, { attemptId, bagId: request.bagId, snapshot, leaseUntil }, request.securityCode, provider);
}
