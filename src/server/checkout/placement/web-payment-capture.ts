import type { Db } from '../../db/database.ts';
import { preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import type { WebPaymentProvider } from '../../payments/web-payment.ts';
import { webPaymentRequestId } from './payer.ts';

/**
 * Capturing a web payment (PayPal) once its order is written: authorize first, write the order, then capture, so no
 * money moves without our order. The capture owed is recorded with the order, in its transaction; the capture itself
 * runs after the commit with a request id made from the attempt id, so a retry (this process, another instance, or
 * the recovery sweep) gets the first capture and never a second. A capture that fails leaves the row for recovery:
 * "paid but no order" cannot happen, and "ordered but not captured" is finished later.
 */

/** In the commit's transaction, sent with its writes (commit.ts): the order owes this capture. */
export const owedCapture = preparedWrite((tx: Tx, attemptId: string, orderId: string, authorizationId: string, createdAt: string) =>
  tx.insertInto('web_payment_captures').values({
    attempt_id: attemptId,
    order_id: orderId,
    authorization_id: authorizationId,
    capture_id: null,
    created_at: createdAt,
    captured_at: null,
  }),
);

/** Captures what the attempt's order owes; true once it is captured (now or before). */
export async function captureOwed(db: Db, provider: WebPaymentProvider, attemptId: string, authorizationId: string): Promise<boolean> {
  let outcome: Awaited<ReturnType<WebPaymentProvider['captureAuthorization']>>;
  try {
    outcome = await provider.captureAuthorization(authorizationId, webPaymentRequestId(attemptId, 'capture'));
  } catch (err) {
    console.error(`[checkout] capturing the web payment of attempt ${attemptId} failed; recovery takes it again`, (err as Error).message);
    return false;
  }
  if (!outcome.ok && outcome.code !== 'already_captured') {
    console.error(`[checkout] the web payment of attempt ${attemptId} was not captured (${outcome.code}); recovery takes it again`);
    return false;
  }
  await markCaptured(db.kysely, attemptId, outcome.ok ? outcome.captureId : null, new Date().toISOString());
  return true;
}

/** The owed capture marked done, with its capture id (null when the provider had captured it already). */
const markCaptured = preparedWrite((tx: Tx, attemptId: string, captureId: string | null, at: string) =>
  tx
    .updateTable('web_payment_captures')
    .set({ captured_at: at, capture_id: captureId })
    .where('attempt_id', '=', attemptId)
    .where('captured_at', 'is', null),
);

/**
 * Recovery: captures every order's owed web payment older than `graceMs` (a placement under way captures its own).
 * `left` counts those the provider did not take this time.
 */
export async function captureOwedPayments(
  db: Db,
  provider: WebPaymentProvider,
  now = new Date(),
  graceMs = 10_000,
): Promise<{ captured: number; left: number }> {
  const owed = await db.kysely
    .selectFrom('web_payment_captures')
    .select(['attempt_id', 'authorization_id'])
    .where('captured_at', 'is', null)
    .where('created_at', '<', new Date(now.getTime() - graceMs).toISOString())
    .limit(100)
    .execute();
  const done = await Promise.all(owed.map((o) => captureOwed(db, provider, o.attempt_id, o.authorization_id)));
  const captured = done.filter(Boolean).length;
  return { captured, left: owed.length - captured };
}
