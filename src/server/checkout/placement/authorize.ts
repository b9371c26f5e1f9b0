import type { Db } from '../../db/database.ts';
import { type Tx, withWriteTransaction } from '../../db/transaction.ts';
import { lockedRead, prepared } from '../../db/prepared.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { commitOrder, delivered } from './commit.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { failed } from './placement-types.ts';
import { payerFor, walletPayer, webPaymentPayer, type Payer } from './payer.ts';
import type { WebPaymentProvider } from '../../payments/web-payment.ts';
import { captureOwed } from './web-payment-capture.ts';
import { abandonAttempt, settleAtLeaseEnd, voidByReference, voidWebOrder } from './recovery.ts';
import { storedReply } from './attempt-log.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { OrderSnapshot } from './snapshot.ts';

/** The claimed attempt a placement goes on with: its bag, its order's snapshot and when its lease ends. */
export interface ClaimedAttempt {
  attemptId: string;
  bagId: string;
  snapshot: OrderSnapshot;
  leaseUntil: Date;
}

/**
 * How long a placement's reply waits for its order to be written while the database is out of reach (a restart, a
 * failover): one that comes back within it is ridden through. Past it the shopper is told to try again (503, no
 * result: the browser keeps the key), and the writing goes on until the attempt's lease ends; the retry with the key
 * is answered with the order.
 */
const COMMIT_WAIT_MS = 4_000;
const COMMIT_RETRY_MS = 200;

/**
 * Authorizing and committing, after the claim has committed: the gateway holds the amount, with the attempt id as
 * the provider's idempotency key, then the order is written in a transaction of its own. A refusal (or a failure to
 * write) gives the stock back and the gift cards their debits, voids any authorization and frees the bag.
 */
export async function authorizeAndCommit(
  db: Db,
  gateway: PaymentGateway,
  claimed: ClaimedAttempt,
  securityCode: string | undefined,
  web?: WebPaymentProvider | null,
): Promise<PlacementReply> {
  const { attemptId, bagId, snapshot } = claimed;
  // The gateway, the store card's credit, or the web payment provider's approved order (payer.ts).
  const paidOnWeb = snapshot.webPayment;
  if (paidOnWeb && !web) throw new Error('a web payment placement needs the web payment provider');
  const payer = paidOnWeb && web ? webPaymentPayer(web, paidOnWeb.orderId) : walletOrCard(db, gateway, snapshot);
  let outcome: Awaited<ReturnType<PaymentGateway['authorize']>>;
  try {
    // What gift cards and rewards leave (the claim took theirs); never a figure the client sent.
    const amountCents = snapshot.amountDue ?? snapshot.totals.orderTotal;
    outcome = await payer.authorize({ amountCents, reference: attemptId, ...(securityCode ? { securityCode } : {}) });
  } catch (err) {
    console.error(`[checkout] authorization for attempt ${attemptId} failed to answer`, (err as Error).message);
    outcome = { ok: false, code: 'timeout', message: ORDER_TECHNICAL_PROBLEM };
  }
  if (!outcome.ok) {
    const message = outcome.code === 'timeout' || outcome.code === 'processing_error' ? ORDER_TECHNICAL_PROBLEM : outcome.message;
    const status = outcome.code === 'timeout' ? 504 : 402;
    const voided = async () => (paidOnWeb && web ? voidWebOrder(web, paidOnWeb.orderId) : voidByReference(gateway, attemptId));
    if (outcome.code === 'timeout' && !(await voided())) {
      // The gateway cannot be reached to void what it may hold: recovery finishes this attempt when its lease ends.
      settleAtLeaseEnd(db, gateway, attemptId, claimed.leaseUntil);
      return failed(status, message, null, snapshot.totals.orderTotal);
    }
    // A saved card the gateway refused is taken off the bag (a card entered by token always is: its token is spent);
    // the shopper chooses a payment method again. A wrong security code keeps a saved card: the code is typed again.
    const refused =
      !paidOnWeb && !snapshot.wallet && (outcome.code === 'declined' || outcome.code === 'insufficient_funds' || outcome.code === 'token_used');
    return abandonAttempt(db, attemptId, bagId, snapshot, (bag) => failed(status, message, bag, snapshot.totals.orderTotal), refused);
  }
  const { authorizationId } = outcome;
  const commit = () =>
    withWriteTransaction(db, async (tx) => {
      const [attempt] = await lockedAttempt(tx, attemptId);
      // Written by this placement already: the connection went as the commit was answered (writing again below).
      if (attempt?.state === 'done' && attempt.reply && attempt.authorization_id === authorizationId) {
        return storedReply(attempt.reply_status ?? 200, attempt.reply, false);
      }
      if (attempt?.state !== 'authorizing') throw new Error('the attempt was recovered while it was being authorized');
      // Past its lease the attempt is recovery's to settle (recovery.ts), which may be voiding this very hold.
      if (attempt.lease_until < new Date().toISOString()) throw new Error('the attempt outlived its lease');
      // A web payment's capture is owed by the order, written with it.
      return commitOrder(tx, attemptId, bagId, snapshot, authorizationId, !!paidOnWeb);
    });
  const written = async (committed: PlacementReply) => {
    // The order is written: the web payment's hold is taken now (or by recovery, should this fail).
    if (paidOnWeb && web) await captureOwed(db, web, attemptId, authorizationId).catch(() => false);
    return delivered(db, committed);
  };
  const standDown = (err: unknown) => {
    console.error(`[checkout] writing the order of attempt ${attemptId} failed; voiding its authorization`, err);
    return payer
      .void(authorizationId, attemptId)
      .catch(() => {})
      .then(() => abandonAttempt(db, attemptId, bagId, snapshot, (bag) => failed(503, ORDER_TECHNICAL_PROBLEM, bag, snapshot.totals.orderTotal)))
      .catch(() => {
        settleAtLeaseEnd(db, gateway, attemptId, claimed.leaseUntil);
        return failed(503, ORDER_TECHNICAL_PROBLEM, null, snapshot.totals.orderTotal);
      });
  };
  try {
    return await written(await commit());
  } catch (err) {
    if (!isDatabaseUnavailable(err)) return standDown(err);
    // The database went away with the money held: the order is written as soon as it is back, within the lease.
    const later = commitWhenBack(commit, claimed.leaseUntil).then(written, (e: unknown) => {
      if (!isDatabaseUnavailable(e)) return standDown(e);
      // Out of reach past the lease: recovery voids the hold and frees the bag once it can.
      settleAtLeaseEnd(db, gateway, attemptId, claimed.leaseUntil);
      return failed(503, ORDER_TECHNICAL_PROBLEM, null, snapshot.totals.orderTotal);
    });
    const answer = await Promise.race([later, new Promise<null>((r) => setTimeout(r, COMMIT_WAIT_MS, null))]);
    if (answer) return answer;
    throw err;
  }
}

/** Runs the commit again while the database is out of reach, until it is written or the attempt's lease ends. */
async function commitWhenBack<T>(commit: () => Promise<T>, leaseUntil: Date): Promise<T> {
  for (;;) {
    await new Promise((r) => setTimeout(r, COMMIT_RETRY_MS));
    try {
      return await commit();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() > leaseUntil.getTime()) throw err;
    }
  }
}

/** The wallet's card token, or the bag's card (or store card). */
function walletOrCard(db: Db, gateway: PaymentGateway, snapshot: OrderSnapshot): Payer {
  const source = snapshot.payment?.source;
  if (snapshot.wallet && source?.kind === 'token') return walletPayer(gateway, source.token);
  return payerFor(db, gateway, source);
}

/** The attempt its order is committed under, locked on PostgreSQL: every placement runs it (db/prepared.ts). */
const lockedAttempt = prepared((tx: Tx, attemptId: string) =>
  lockedRead(
    tx,
    tx.selectFrom('checkout_attempts').select(['state', 'lease_until', 'authorization_id', 'reply', 'reply_status']).where('id', '=', attemptId),
  ),
);
