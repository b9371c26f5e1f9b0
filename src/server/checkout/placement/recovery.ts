import type { Db } from '../../db/database.ts';
import { lockClause, withWriteTransaction } from '../../db/transaction.ts';
import { readBasket } from '../../commerce/basket-read.ts';
import { lapsedAttemptOf } from '../../commerce/basket-lock.ts';
import { releaseInTx } from '../../commerce/stock.ts';
import { releaseHold } from '../../store-card/ledger.ts';
import { releaseTenders } from '../../tenders/tender-payment.ts';
import { reverse } from '../../gift-cards/ledger.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';
import { paymentGateway } from '../../payments/payments.ts';
import type { WebPaymentProvider } from '../../payments/web-payment.ts';
import { webPaymentProvider } from '../../payments/web-payments.ts';
import { writeCheckout } from '../checkout-store.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { finishAttempt, storedReply } from './attempt-log.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import type { OrderSnapshot } from './snapshot.ts';

const BATCH = 50;

/**
 * Abandoning a placement, and the recovery of placements left mid-payment: an attempt still 'authorizing' after its
 * lease belongs to a process that died (or lost the database) between claiming the bag and committing the order.
 * What the gateway holds under its reference is voided, its stock and bag are given back, and its key answers with a
 * technical error from then on. It runs when the earliest open lease ends (src/server/maintenance/sweep.ts schedules
 * it, from start-up on), with every sweep, and inline when a request meets such an attempt: a retry with its key, a
 * write to its bag, another placement of its bag. Safe on every instance at once (the abandon step locks the attempt
 * and skips one already done).
 */

/** Voids every authorization the gateway holds under the attempt's reference; false when the gateway cannot be asked. */
export async function voidByReference(gateway: PaymentGateway, reference: string): Promise<boolean> {
  try {
    const held = await gateway.findByReference(reference);
    for (const a of held) if (a.status === 'authorized') await gateway.void(a.authorizationId);
    return true;
  } catch (err) {
    console.error(`[checkout] could not void the authorizations of attempt ${reference}`, (err as Error).message);
    return false;
  }
}

/**
 * Voids the hold on a web payment provider's order (PayPal), if it has one: the order an attempt that paid with it
 * named. False when the provider cannot be asked.
 */
export async function voidWebOrder(provider: WebPaymentProvider, orderId: string): Promise<boolean> {
  try {
    const order = await provider.getOrder(orderId);
    if (order?.authorization?.status === 'authorized') await provider.voidAuthorization(order.authorization.authorizationId);
    return true;
  } catch (err) {
    console.error(`[checkout] could not void the web payment order ${orderId}`, (err as Error).message);
    return false;
  }
}

/** The web payment provider recovery asks about attempts paid with it: the process's own unless a caller names one. */
export type WebPaymentSource = () => WebPaymentProvider | null;

/**
 * Gives back what an attempt took (stock, tenders, a store card's hold, the bag) and stores its failure as the key's reply. A card that paid by
 * token is taken off the bag too: the authorization spent the token (a token pays once), so the shopper enters the
 * card again; a saved card stays.
 */
export async function abandonAttempt(
  db: Db,
  attemptId: string,
  bagId: string,
  snapshot: OrderSnapshot,
  reply: (bag: Bag | null) => PlacementReply,
  forgetCard = false,
): Promise<PlacementReply> {
  return withWriteTransaction(db, async (tx) => {
    const attempt = await lockClause(db)(
      tx.selectFrom('checkout_attempts').select(['state', 'reply', 'reply_status']).where('id', '=', attemptId),
    ).executeTakeFirst();
    if (attempt?.state === 'done' && attempt.reply) return storedReply(attempt.reply_status ?? 200, attempt.reply, false);
    // Gift cards, stock, certificates and rewards dollars get back what the claim took, in the order it locks them,
    // and a store card its hold, in the transaction that ends the attempt (each once: tender-payment.ts, ledger.ts,
    // store-card/ledger.ts).
    await reverse(tx, attemptId);
    await releaseInTx(tx, snapshot.taken);
    await releaseTenders(tx, attemptId);
    await releaseHold(tx, attemptId);
    await tx.updateTable('baskets').set({ placing_attempt_id: null }).where('id', '=', bagId).where('placing_attempt_id', '=', attemptId).execute();
    if (forgetCard || snapshot.payment?.source.kind === 'token') await writeCheckout(tx, bagId, { payment: null });
    const answer = reply(await readBasket(tx, bagId));
    await finishAttempt(tx, attemptId, answer);
    return answer;
  });
}

/** In this process, one settlement per attempt at a time: ten requests meeting one lapsed bag ask the gateway once. */
const settling = new Map<string, Promise<boolean>>();

/**
 * Settles the attempt if it is still authorizing past its lease. True when it is settled (now or before); false
 * while its lease runs, or when the gateway cannot be asked (it stays for a later try).
 */
export function recoverAttempt(
  db: Db,
  gateway: PaymentGateway,
  attemptId: string,
  now = new Date(),
  web: WebPaymentSource = webPaymentProvider,
): Promise<boolean> {
  let running = settling.get(attemptId);
  if (!running) {
    running = settle(db, gateway, attemptId, now, web).finally(() => settling.delete(attemptId));
    settling.set(attemptId, running);
  }
  return running;
}

async function settle(db: Db, gateway: PaymentGateway, attemptId: string, now: Date, web: WebPaymentSource): Promise<boolean> {
  // Read under the attempt's lock: a commit of it under way finishes first, and one that comes later finds the lease
  // passed and stands down (authorize.ts), so no order is written on a hold voided here.
  const attempt = await withWriteTransaction(db, (tx) =>
    lockClause(db)(
      tx.selectFrom('checkout_attempts').select(['basket_id', 'state', 'snapshot', 'lease_until']).where('id', '=', attemptId),
    ).executeTakeFirst(),
  );
  if (!attempt || attempt.state === 'done') return true;
  if (attempt.state !== 'authorizing' || !attempt.snapshot || attempt.lease_until >= now.toISOString()) return false;
  const snapshot = JSON.parse(attempt.snapshot) as OrderSnapshot;
  // Paid with a web payment: the hold is on the order the shopper approved; a card's is found by the attempt's id.
  const provider = snapshot.webPayment ? web() : null;
  if (snapshot.webPayment && !provider) return false;
  const voided =
    snapshot.webPayment && provider ? await voidWebOrder(provider, snapshot.webPayment.orderId) : await voidByReference(gateway, attemptId);
  if (!voided) return false;
  const failed = (): PlacementReply => ({
    status: 503,
    replayed: false,
    result: {
      confirmationStatus: 'failed',
      orderNo: null,
      orderId: null,
      orderTotal: 0,
      message: ORDER_TECHNICAL_PROBLEM,
      bag: null,
      basketId: attempt.basket_id,
    },
  });
  await abandonAttempt(db, attemptId, attempt.basket_id, snapshot, failed);
  return true;
}

/** How often an attempt left to settle at its lease's end is tried again while that fails, and how many times. */
const SETTLE_RETRY_MS = 1_000;
const SETTLE_TRIES = 120;

/**
 * An attempt this process leaves unsettled (the database or the gateway went away between the claim and the order)
 * is settled when its lease ends, and tried again every second while the database or the gateway is still away, so
 * its bag is not kept locked until the next sweep. Safe beside the sweep and other instances (recoverAttempt).
 */
export function settleAtLeaseEnd(
  db: Db,
  gateway: PaymentGateway,
  attemptId: string,
  leaseUntil: Date,
  web: WebPaymentSource = webPaymentProvider,
): void {
  let tries = 0;
  const run = () => {
    tries++;
    recoverAttempt(db, gateway, attemptId, new Date(), web).then(
      (settled) => settled || again(),
      () => again(),
    );
  };
  const again = () => tries < SETTLE_TRIES && setTimeout(run, SETTLE_RETRY_MS).unref();
  setTimeout(run, Math.max(leaseUntil.getTime() - Date.now(), 0) + SETTLE_RETRY_MS / 20).unref();
}

/**
 * Settles every attempt past its lease, a batch at a time, each batch at once (the gateway calls overlap). `left`
 * counts those the gateway could not be asked about.
 */
export async function recoverAbandonedAttempts(
  db: Db,
  gateway: PaymentGateway,
  now = new Date(),
  web: WebPaymentSource = webPaymentProvider,
): Promise<{ recovered: number; left: number }> {
  const skipped = new Set<string>();
  let recovered = 0;
  for (;;) {
    let stale = db.kysely
      .selectFrom('checkout_attempts')
      .select('id')
      .where('state', '=', 'authorizing')
      .where('lease_until', '<', now.toISOString())
      .limit(BATCH);
    if (skipped.size > 0) stale = stale.where('id', 'not in', [...skipped]);
    const ids = (await stale.execute()).map((r) => r.id);
    const settled = await Promise.all(ids.map((id) => recoverAttempt(db, gateway, id, now, web)));
    for (const [i, ok] of settled.entries()) {
      if (ok) recovered++;
      else skipped.add(ids[i]!);
    }
    if (ids.length < BATCH) return { recovered, left: skipped.size };
  }
}

/** When the next open lease ends (at or after `now`), or null when no placement is under way. */
export async function nextLeaseEnd(db: Db, now = new Date()): Promise<Date | null> {
  const row = await db.kysely
    .selectFrom('checkout_attempts')
    .select((eb) => eb.fn.min('lease_until').as('until'))
    .where('state', '=', 'authorizing')
    .where('lease_until', '>=', now.toISOString())
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}

/**
 * Db.recoverFrom for the process's database: a write that met a bag whose placement lapsed (PlacementLapsed) has
 * that placement settled with the store's gateway, then runs again.
 */
export async function recoverLapsedPlacement(db: Db, err: unknown, gateway: () => PaymentGateway = paymentGateway): Promise<boolean> {
  const attemptId = lapsedAttemptOf(err);
  return attemptId ? recoverAttempt(db, gateway(), attemptId) : false;
}
