import type { Db } from '../../db/database.ts';
import { lockClause, withWriteTransaction } from '../../db/transaction.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { commitOrder, delivered } from './commit.ts';
import { failed, type PlacementReply } from './placement-types.ts';
import { payerFor, walletPayer, webPaymentPayer, type Payer } from './payer.ts';
import type { WebPaymentProvider } from '../../payments/web-payment.ts';
import { captureOwed, owePayment } from './web-payment-capture.ts';
import { abandonAttempt, voidByReference, voidWebOrder } from './recovery.ts';
import type { OrderSnapshot } from './snapshot.ts';

/**
 * Authorizing and committing, after the claim has committed: the gateway holds the amount, with the attempt id as
 * the provider's idempotency key, then the order is written in a transaction of its own. A refusal (or a failure to
 * write) gives the stock back and the gift cards their debits, voids any authorization and frees the bag.
 */
export async function authorizeAndCommit(
  db: Db,
  gateway: PaymentGateway,
  attemptId: string,
  bagId: string,
  snapshot: OrderSnapshot,
  securityCode: string | undefined,
  web?: WebPaymentProvider | null,
): Promise<PlacementReply> {
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
      // The gateway cannot be reached to void what it may hold: the recovery sweep finishes this attempt later.
      return failed(status, message, null, snapshot.totals.orderTotal);
    }
    // A saved card the gateway refused is taken off the bag (a card entered by token always is: its token is spent);
    // the shopper chooses a payment method again. A wrong security code keeps a saved card: the code is typed again.
    const refused =
      !paidOnWeb && !snapshot.wallet && (outcome.code === 'declined' || outcome.code === 'insufficient_funds' || outcome.code === 'token_used');
    return abandonAttempt(db, attemptId, bagId, snapshot, (bag) => failed(status, message, bag, snapshot.totals.orderTotal), refused);
  }
  try {
    const committed = await withWriteTransaction(db, async (tx) => {
      const attempt = await lockClause(db)(
        tx.selectFrom('checkout_attempts').select(['state', 'lease_until']).where('id', '=', attemptId),
      ).executeTakeFirst();
      if (attempt?.state !== 'authorizing') throw new Error('the attempt was recovered while it was being authorized');
      // Past its lease the attempt is recovery's to settle (recovery.ts), which may be voiding this very hold.
      if (attempt.lease_until < new Date().toISOString()) throw new Error('the attempt outlived its lease');
      const reply = await commitOrder(tx, attemptId, bagId, snapshot, outcome.authorizationId);
      if (paidOnWeb && reply.result.orderId) await owePayment(tx, attemptId, reply.result.orderId, outcome.authorizationId);
      return reply;
    });
    // The order is written: the web payment's hold is taken now (or by recovery, should this fail).
    if (paidOnWeb && web) await captureOwed(db, web, attemptId, outcome.authorizationId);
    return delivered(db, committed);
  } catch (err) {
    console.error(`[checkout] writing the order of attempt ${attemptId} failed; voiding its authorization`, err);
    await payer.void(outcome.authorizationId, attemptId).catch(() => {});
    return abandonAttempt(db, attemptId, bagId, snapshot, (bag) => failed(503, ORDER_TECHNICAL_PROBLEM, bag, snapshot.totals.orderTotal)).catch(() =>
      failed(503, ORDER_TECHNICAL_PROBLEM, null, snapshot.totals.orderTotal),
    );
  }
}

/** The wallet's card token, or the bag's card (or store card). */
function walletOrCard(db: Db, gateway: PaymentGateway, snapshot: OrderSnapshot): Payer {
  const source = snapshot.payment?.source;
  if (snapshot.wallet && source?.kind === 'token') return walletPayer(gateway, source.token);
  return payerFor(db, gateway, source);
}
