import { createHash, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { lockClause, withWriteTransaction, type Tx } from '../db/transaction.ts';
import { readBasket, emptyBasket } from '../commerce/basket-read.ts';
import { CommerceError } from '../commerce/errors.ts';
import { lapsedAttemptOf, placementLapsed, PlacementLapsed } from '../commerce/basket-lock.ts';
import { releaseInTx, reserveInTx, type StockRequest } from '../commerce/stock.ts';
import type { PaymentGateway, PaymentSource } from '../payments/gateway.ts';
import { deliverQueued, queueMail, type Mail } from '../mail/mailer.ts';
import { effectiveBilling, flashFor, withAccountEmail } from '../checkout/checkout-service.ts';
import { readCheckout, writeCheckout } from '../checkout/checkout-store.ts';
import type { CheckoutAddress, OrderResult } from '#src/lib/checkout/checkout-types.ts';
import { ORDER_TOTAL_CHANGED, ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { AMEX_TYPE, securityCodeError } from '#src/lib/checkout/card-rules.ts';
import { bagHoldsMembership, MEMBERSHIP_NEEDS_NEW_CARD, MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { poBoxExcludedLines, poBoxRefusal } from '#src/lib/checkout/shipping-extras.ts';
import type { BasketSummary, BasketView } from '#src/lib/commerce-types.ts';
import { describeLine, detailTexts } from '#src/lib/line-details.ts';
import { orderDelivery } from '#src/lib/shipping-methods.ts';
import { confirmationMail } from './confirmation-mail.ts';
import { recoverAttempt } from './recovery.ts';

/**
 * Placing an order, exactly once. Three short transactions around the one call that moves
 * money, so that no transaction is held open while the gateway answers:
 *
 * 1. Claim: the attempt row for the idempotency key is inserted (a second request with the key finds it and waits
 *    for its reply), the bag is locked and checked (complete, the total the shopper saw, stock), stock is taken,
 *    the bag is marked as being placed (any other write or placement of it gets 409) and the attempt is committed
 *    as 'authorizing' with a snapshot of the order, BEFORE the gateway is called: the intent log.
 * 2. Authorize: the gateway holds the amount, with the attempt id as the provider's idempotency key.
 * 3. Commit: the order and its lines are written from the snapshot, the bag is marked ordered and let go by its
 *    sessions, the confirmation e-mail is queued in the outbox, and the attempt stores its reply, all at once.
 *
 * A refusal at 2 (or a failure at 3) gives the stock back, voids any authorization and frees the bag. A process that
 * dies between 1 and 3 leaves an 'authorizing' attempt whose lease runs out; recovery (recovery.ts) voids what the
 * gateway holds under its reference and gives everything back, at the lease's end or as soon as a request meets it.
 */

export interface PlacementRequest {
  basketId: string;
  customerId: string | null;
  idempotencyKey: string;
  /** The request as the shopper sent it, without the security code: the same key with another body is refused (422). */
  body: unknown;
  /** A saved card's security code: sent to the gateway with the authorization, never stored, hashed or logged. */
  securityCode?: string;
  /** The order total the shopper saw, in cents. */
  expectedTotal: number;
}

export interface PlacementReply {
  status: number;
  result: OrderResult & { orderId: string | null };
  replayed: boolean;
}

interface Snapshot {
  customerId: string | null;
  email: string;
  lines: {
    sku: string;
    productId: string;
    productName: string;
    /** The line's texts as the bag showed them (src/lib/line-details.ts). */
    details: string[];
    imageUrl: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    /** The line at its original price when bought for less (its saving), else null. */
    originalTotal: number | null;
  }[];
  /** orderTotal = subTotal - discount + shipping (surcharges included) + tax + protection, as the summary showed. */
  totals: { subTotal: number; discount: number; shipping: number; tax: number; protection?: number; orderTotal: number };
  /** The summary as the checkout showed it (every row, surcharges and savings too): the confirmation and its e-mail show it. */
  summary: BasketSummary;
  /** The shipping method and its delivery time as the shopper chose them; null when nothing ships. */
  delivery: { name: string; delivery: string } | null;
  /** The EcoShip date the shopper accepted, or null. */
  ecoshipDate?: string | null;
  shippingMethodId: string;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  payment: { source: PaymentSource; cardType: string; last4: string; savedCardId: string | null } | null;
  /** The shopper ticked the e-mail subscription at the information step. */
  subscribe: boolean;
  taken: StockRequest[];
}

/**
 * An attempt's lease is the gateway's timeout (leaseMs: the adapters give up on an authorization after it) plus this
 * margin, for what else lies between the claim and the commit's check of the attempt: committing the claim, waiting
 * for the write lock of the commit (SQLite's one writer, behind a burst of other writes) and a garbage-collection
 * pause. A whole placement takes 31 ms at the 99th percentile under `npm run bench`; 5 s leaves two orders of
 * magnitude for a stall. The lease is how long a bag stays locked after a crash, so it is no longer than that. Should
 * a live placement outrun it anyway, nothing is lost: its commit finds the lease passed and stands down, voiding what
 * it got and giving everything back (or answering the failure recovery stored meanwhile).
 */
const LEASE_MARGIN_MS = 5_000;
const WAIT_STEP_MS = 25;
const ORDER_BEING_PLACED = 'Your order is already being placed.';

const requestHash = (basketId: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([basketId, canonical(body)]))
    .digest('hex');

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; errcode?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
};

function failed(status: number, message: string, basket: BasketView | null, orderTotal: number): PlacementReply {
  return {
    status,
    replayed: false,
    result: { confirmationStatus: 'failed', orderNo: null, orderId: null, orderTotal, message, basket, basketId: basket?.basketId ?? null },
  };
}

type Claim =
  | { kind: 'reply'; reply: PlacementReply & { mail?: Mail } }
  | { kind: 'authorize'; attemptId: string; basketId: string; snapshot: Snapshot };

export async function placeOrder(db: Db, gateway: PaymentGateway, request: PlacementRequest, leaseMs: number): Promise<PlacementReply> {
  const hash = requestHash(request.basketId, request.body);
  let claim: Claim | undefined;
  while (!claim) {
    try {
      claim = await withWriteTransaction(db, (tx) => claimBasket(db, tx, request, hash, leaseMs));
    } catch (err) {
      if (isUniqueViolation(err)) return awaitReply(db, gateway, request.idempotencyKey, hash, leaseMs);
      // The bag's previous placement outlived its lease: settled here, this claim runs again. One the gateway cannot
      // be asked about yet keeps the bag; this key is not used up (its claim was rolled back).
      const lapsed = lapsedAttemptOf(err);
      if (!lapsed) throw err;
      if (!(await recoverAttempt(db, gateway, lapsed))) return failed(409, ORDER_BEING_PLACED, null, request.expectedTotal);
    }
  }
  if (claim.kind === 'reply') return delivered(claim.reply);
  return authorizeAndCommit(db, gateway, claim.attemptId, claim.basketId, claim.snapshot, request.securityCode);
}

/** The bag an idempotency key was used for, or null: a retry after the order let its bag go still names it. */
export async function attemptBasket(db: Db, idempotencyKey: string): Promise<string | null> {
  const row = await db.kysely.selectFrom('checkout_attempts').select('basket_id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row?.basket_id ?? null;
}

/** Hands a committed order's confirmation mail to SMTP (when configured) and drops it from the reply. */
function delivered(reply: PlacementReply & { mail?: Mail }): PlacementReply {
  const { mail, ...rest } = reply;
  if (mail) deliverQueued(mail);
  return rest;
}

async function claimBasket(db: Db, tx: Tx, request: PlacementRequest, hash: string, leaseMs: number): Promise<Claim> {
  // The key's row first: a second request with the key fails here on the unique key (and waits for the reply).
  const attemptId = randomUUID();
  const now = new Date();
  await insertAttempt(
    tx,
    attemptId,
    request.idempotencyKey,
    request.basketId,
    hash,
    new Date(now.getTime() + leaseMs + LEASE_MARGIN_MS).toISOString(),
    now.toISOString(),
  );
  const done = async (reply: PlacementReply): Promise<Claim> => {
    await finishAttempt(tx, attemptId, reply);
    return { kind: 'reply', reply };
  };

  const bag = await lockClause(db)(
    tx.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', request.basketId),
  ).executeTakeFirst();
  if (bag?.status !== 'open') return done(failed(409, 'This bag has already been ordered.', null, request.expectedTotal));
  if (bag.placing_attempt_id) {
    if (await placementLapsed(tx, bag.placing_attempt_id)) throw new PlacementLapsed(bag.placing_attempt_id, ORDER_BEING_PLACED);
    return done(failed(409, ORDER_BEING_PLACED, null, request.expectedTotal));
  }

  const basket = await readBasket(tx, request.basketId);
  const record = await withAccountEmail(tx, await readCheckout(tx, request.basketId), request.customerId);
  const missing = flashFor(basket, record, now);
  if (missing[0]) return done(failed(400, missing[0].message, basket, basket.orderTotal));
  // A saved card pays with its security code, re-collected at review (the gateway checks it).
  // A membership is bought by a signed-in shopper, with a new card (checkout spec §4).
  if (bagHoldsMembership(basket.productItems)) {
    if (!request.customerId) return done(failed(401, MEMBERSHIP_NEEDS_SIGN_IN, basket, basket.orderTotal));
    if (record.payment?.savedCardId) return done(failed(409, MEMBERSHIP_NEEDS_NEW_CARD, basket, basket.orderTotal));
  }
  const codeProblem = record.payment?.savedCardId ? securityCodeProblem(request.securityCode, record.payment.cardType) : null;
  if (codeProblem) return done(failed(400, codeProblem, basket, basket.orderTotal));
  if (
    basket.productItems.some((l) => l.showRestrictedShippingStateMessage || l.c_lineItemDetails.isOutOfCatalog || l.c_lineItemDetails.isOutOfStock)
  ) {
    return done(failed(409, 'Some items in your bag cannot be ordered. Please review your bag.', basket, basket.orderTotal));
  }
  // A saved address, or a bag that gained an item since the address was given, may still pair a P.O. box with it.
  const refused = poBoxExcludedLines(record.shippingAddress, basket.c_summary.isDigitalItemsOnly ? [] : basket.productItems);
  if (refused.length > 0) return done(failed(409, poBoxRefusal(refused), basket, basket.orderTotal));
  if (basket.orderTotal !== request.expectedTotal) {
    await writeCheckout(tx, request.basketId, { payment: null });
    return done(failed(409, ORDER_TOTAL_CHANGED, basket, basket.orderTotal));
  }

  let taken: StockRequest[];
  await sql`SAVEPOINT take_stock`.execute(tx);
  try {
    taken = await reserveInTx(
      tx,
      basket.productItems.map((l) => ({ sku: l.productId, quantity: l.quantity })),
    );
    await sql`RELEASE SAVEPOINT take_stock`.execute(tx);
  } catch (err) {
    if (!(err instanceof CommerceError)) throw err;
    await sql`ROLLBACK TO SAVEPOINT take_stock`.execute(tx);
    return done(failed(409, err.message, basket, basket.orderTotal));
  }

  const snapshot: Snapshot = {
    customerId: request.customerId,
    email: record.email ?? '',
    lines: basket.productItems.map((l) => {
      const described = describeLine(l);
      return {
        sku: l.productId,
        productId: l.masterId,
        productName: l.productName,
        details: detailTexts(described),
        imageUrl: l.c_productImageUrl,
        quantity: l.quantity,
        unitPrice: Math.round(l.price / l.quantity),
        lineTotal: l.price,
        originalTotal: described.originalTotal,
      };
    }),
    totals: {
      subTotal: basket.c_summary.subTotal,
      discount: basket.c_summary.couponDiscount,
      shipping: basket.c_summary.shippingAndHandling,
      tax: basket.c_summary.totalTax,
      protection: basket.c_summary.routePackageProtectionFee ?? 0,
      orderTotal: basket.orderTotal,
    },
    summary: basket.c_summary,
    delivery: orderDelivery(basket),
    ecoshipDate: basket.c_isEcoShip ? (basket.c_ecoship?.ecoshipDate ?? null) : null,
    shippingMethodId: basket.shipments[0]?.shippingMethod.id ?? 'Regular',
    shippingAddress: basket.c_summary.isDigitalItemsOnly ? null : record.shippingAddress,
    billingAddress: effectiveBilling(basket, record),
    payment: record.payment
      ? { source: record.payment.source, cardType: record.payment.cardType, last4: record.payment.last4, savedCardId: record.payment.savedCardId }
      : null,
    subscribe: record.emailSubscribe,
    taken,
  };
  await markPlacing(tx, attemptId, request.basketId);
  if (snapshot.totals.orderTotal === 0) {
    // Nothing to authorize: the order is written in this same transaction.
    return { kind: 'reply', reply: await commitOrder(tx, attemptId, request.basketId, snapshot, null) };
  }
  await markAuthorizing(tx, JSON.stringify(snapshot), attemptId);
  return { kind: 'authorize', attemptId, basketId: request.basketId, snapshot };
}

/** A saved card's security code, checked for form before it goes to the gateway (4 digits for American Express). */
function securityCodeProblem(code: string | undefined, cardType: string): string | null {
  const kind = { type: cardType, isPlcc: false, isAmex: cardType === AMEX_TYPE, known: true };
  return securityCodeError(code ?? '', kind);
}

async function authorizeAndCommit(
  db: Db,
  gateway: PaymentGateway,
  attemptId: string,
  basketId: string,
  snapshot: Snapshot,
  securityCode: string | undefined,
): Promise<PlacementReply> {
  const source = snapshot.payment?.source;
  let outcome: Awaited<ReturnType<PaymentGateway['authorize']>>;
  try {
    if (!source) throw new Error('no card on the attempt');
    outcome = await gateway.authorize({
      source,
      ...(source.kind === 'saved' && securityCode ? { securityCode } : {}),
      amountCents: snapshot.totals.orderTotal,
      currency: 'USD',
      reference: attemptId,
    });
  } catch (err) {
    console.error(`[checkout] authorization for attempt ${attemptId} failed to answer`, (err as Error).message);
    outcome = { ok: false, code: 'timeout', message: ORDER_TECHNICAL_PROBLEM };
  }
  if (!outcome.ok) {
    const message = outcome.code === 'timeout' || outcome.code === 'processing_error' ? ORDER_TECHNICAL_PROBLEM : outcome.message;
    const status = outcome.code === 'timeout' ? 504 : 402;
    if (outcome.code === 'timeout' && !(await voidByReference(gateway, attemptId))) {
      // The gateway cannot be reached to void what it may hold: the recovery sweep finishes this attempt later.
      return failed(status, message, null, snapshot.totals.orderTotal);
    }
    // A saved card the gateway refused is taken off the bag (a card entered by token always is: its token is spent);
    // the shopper chooses a payment method again. A wrong security code keeps a saved card: the code is typed again.
    const refused = outcome.code === 'declined' || outcome.code === 'insufficient_funds' || outcome.code === 'token_used';
    return abandonAttempt(db, attemptId, basketId, snapshot, (basket) => failed(status, message, basket, snapshot.totals.orderTotal), refused);
  }
  try {
    const committed = await withWriteTransaction(db, async (tx) => {
      const attempt = await lockClause(db)(
        tx.selectFrom('checkout_attempts').select(['state', 'lease_until']).where('id', '=', attemptId),
      ).executeTakeFirst();
      if (attempt?.state !== 'authorizing') throw new Error('the attempt was recovered while it was being authorized');
      // Past its lease the attempt is recovery's to settle (recovery.ts), which may be voiding this very hold.
      if (attempt.lease_until < new Date().toISOString()) throw new Error('the attempt outlived its lease');
      return commitOrder(tx, attemptId, basketId, snapshot, outcome.authorizationId);
    });
    return delivered(committed);
  } catch (err) {
    console.error(`[checkout] writing the order of attempt ${attemptId} failed; voiding its authorization`, err);
    await gateway.void(outcome.authorizationId).catch(() => {});
    return abandonAttempt(db, attemptId, basketId, snapshot, (basket) =>
      failed(503, ORDER_TECHNICAL_PROBLEM, basket, snapshot.totals.orderTotal),
    ).catch(() => failed(503, ORDER_TECHNICAL_PROBLEM, null, snapshot.totals.orderTotal));
  }
}

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
 * Gives back what an attempt took (stock, the bag) and stores its failure as the key's reply. A card that paid by
 * token is taken off the bag too: the authorization spent the token (a token pays once), so the shopper enters the
 * card again; a saved card stays.
 */
export async function abandonAttempt(
  db: Db,
  attemptId: string,
  basketId: string,
  snapshot: Snapshot,
  reply: (basket: BasketView | null) => PlacementReply,
  forgetCard = false,
): Promise<PlacementReply> {
  return withWriteTransaction(db, async (tx) => {
    const attempt = await lockClause(db)(
      tx.selectFrom('checkout_attempts').select(['state', 'reply', 'reply_status']).where('id', '=', attemptId),
    ).executeTakeFirst();
    if (attempt?.state === 'done' && attempt.reply) return storedReply(attempt.reply_status ?? 200, attempt.reply, false);
    await releaseInTx(tx, snapshot.taken);
    await tx
      .updateTable('baskets')
      .set({ placing_attempt_id: null })
      .where('id', '=', basketId)
      .where('placing_attempt_id', '=', attemptId)
      .execute();
    if (forgetCard || snapshot.payment?.source.kind === 'token') await writeCheckout(tx, basketId, { payment: null });
    const answer = reply(await readBasket(tx, basketId));
    await finishAttempt(tx, attemptId, answer);
    return answer;
  });
}

/** Writes the order; the confirmation mail is queued with it and handed to SMTP once committed (`mail`). */
async function commitOrder(
  tx: Tx,
  attemptId: string,
  basketId: string,
  snapshot: Snapshot,
  authorizationId: string | null,
): Promise<PlacementReply & { mail: Mail }> {
  const orderId = randomUUID();
  const orderNo = await freeOrderNumber(tx);
  const placedAt = new Date().toISOString();
  await insertOrder(
    tx,
    orderId,
    orderNo,
    snapshot.customerId,
    snapshot.email,
    snapshot.totals.orderTotal,
    placedAt,
    basketId,
    snapshot.totals.subTotal,
    snapshot.totals.discount,
    snapshot.totals.shipping,
    snapshot.totals.tax,
    snapshot.shippingMethodId,
    snapshot.shippingAddress ? JSON.stringify(snapshot.shippingAddress) : null,
    snapshot.billingAddress ? JSON.stringify(snapshot.billingAddress) : null,
    snapshot.payment ? JSON.stringify({ cardType: snapshot.payment.cardType, last4: snapshot.payment.last4 }) : null,
    authorizationId,
    attemptId,
    snapshot.totals.protection ?? 0,
    snapshot.ecoshipDate ?? null,
    snapshot.delivery?.name ?? null,
    snapshot.delivery?.delivery ?? null,
    JSON.stringify(snapshot.summary),
  );
  for (const [position, l] of snapshot.lines.entries()) {
    await insertOrderLine(
      tx,
      orderId,
      position,
      l.sku,
      l.productId,
      l.productName,
      l.details.join(' · '),
      JSON.stringify(l.details),
      l.imageUrl,
      l.quantity,
      l.unitPrice,
      l.lineTotal,
      l.originalTotal,
    );
  }
  await markOrdered(tx, placedAt, basketId);
  // 'confirmed' replaces the bag: every session and account holding it lets it go (the next add makes a new one).
  await releaseFromSessions(tx, basketId);
  await releaseFromCustomers(tx, basketId);
  if (snapshot.subscribe) {
    await tx
      .insertInto('email_subscriptions')
      .values({ email: snapshot.email, source: 'checkout', created_at: placedAt })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
  const mail = confirmationMail(orderNo, snapshot);
  await queueMail(tx, mail);
  const reply: PlacementReply = {
    status: 200,
    replayed: false,
    result: {
      confirmationStatus: 'confirmed',
      orderNo,
      orderId,
      orderTotal: snapshot.totals.orderTotal,
      message: null,
      basket: emptyBasket(),
      basketId,
    },
  };
  await finishAttempt(tx, attemptId, reply, authorizationId);
  return { ...reply, mail };
}

/** Order numbers follow the header spec's pattern: 1-4 digits, dash, 5 digits, dash, 3-4 digits; unique. */
async function freeOrderNumber(tx: Tx): Promise<string> {
  for (;;) {
    const candidate = `${randomInt(1, 10_000)}-${String(randomInt(0, 100_000)).padStart(5, '0')}-${String(randomInt(0, 10_000)).padStart(randomInt(3, 5), '0')}`;
    const [taken] = await orderNumberTaken(tx, candidate);
    if (!taken) return candidate;
  }
}

async function finishAttempt(tx: Tx, attemptId: string, reply: PlacementReply, authorizationId: string | null = null): Promise<void> {
  await markDone(tx, reply.status, JSON.stringify(reply.result), authorizationId, attemptId);
}

/*
 * The statements every placement runs, compiled once (db/prepared.ts): built with Kysely on each call, they cost
 * about as much again as SQLite takes to run them, on the one connection every other request waits for.
 */
const insertAttempt = preparedWrite((tx: Tx, id: string, key: string, basketId: string, hash: string, leaseUntil: string, createdAt: string) =>
  tx.insertInto('checkout_attempts').values({
    id,
    idempotency_key: key,
    basket_id: basketId,
    request_hash: hash,
    state: 'pending',
    lease_until: leaseUntil,
    created_at: createdAt,
  }),
);
const markPlacing = preparedWrite((tx: Tx, attemptId: string, basketId: string) =>
  tx.updateTable('baskets').set({ placing_attempt_id: attemptId }).where('id', '=', basketId),
);
const markAuthorizing = preparedWrite((tx: Tx, snapshot: string, attemptId: string) =>
  tx.updateTable('checkout_attempts').set({ state: 'authorizing', snapshot }).where('id', '=', attemptId),
);
const markDone = preparedWrite((tx: Tx, status: number, reply: string, authorizationId: string | null, attemptId: string) =>
  tx
    .updateTable('checkout_attempts')
    .set({ state: 'done', snapshot: null, reply_status: status, reply, authorization_id: authorizationId })
    .where('id', '=', attemptId),
);
const orderNumberTaken = prepared((tx: Tx, orderNo: string) => tx.selectFrom('orders').select('id').where('order_no', '=', orderNo));
const insertOrder = preparedWrite(
  (
    tx: Tx,
    id: string,
    order_no: string,
    customer_id: string | null,
    email: string,
    total_cents: number,
    placed_at: string,
    basket_id: string,
    subtotal_cents: number,
    discount_cents: number,
    shipping_cents: number,
    tax_cents: number,
    shipping_method_id: string,
    shipping_address: string | null,
    billing_address: string | null,
    payment_summary: string | null,
    authorization_id: string | null,
    attempt_id: string,
    protection_cents: number,
    ecoship_date: string | null,
    shipping_method_name: string | null,
    delivery_estimate: string | null,
    summary: string,
  ) =>
    tx.insertInto('orders').values({
      id,
      order_no,
      customer_id,
      email,
      status: 'placed',
      total_cents,
      placed_at,
      basket_id,
      subtotal_cents,
      discount_cents,
      shipping_cents,
      tax_cents,
      shipping_method_id,
      shipping_address,
      billing_address,
      payment_summary,
      authorization_id,
      attempt_id,
      protection_cents,
      ecoship_date,
      shipping_method_name,
      delivery_estimate,
      summary,
    }),
);
const insertOrderLine = preparedWrite(
  (
    tx: Tx,
    order_id: string,
    position: number,
    sku: string,
    product_id: string,
    product_name: string,
    details: string,
    detail_lines: string,
    image_url: string,
    quantity: number,
    unit_price_cents: number,
    line_total_cents: number,
    original_total_cents: number | null,
  ) =>
    tx.insertInto('order_lines').values({
      order_id,
      position,
      sku,
      product_id,
      product_name,
      details,
      detail_lines,
      image_url,
      quantity,
      unit_price_cents,
      line_total_cents,
      original_total_cents,
    }),
);
const markOrdered = preparedWrite((tx: Tx, at: string, basketId: string) =>
  tx.updateTable('baskets').set({ status: 'ordered', placing_attempt_id: null, updated_at: at }).where('id', '=', basketId),
);
const releaseFromSessions = preparedWrite((tx: Tx, basketId: string) =>
  tx.updateTable('sessions').set({ basket_id: null }).where('basket_id', '=', basketId),
);
const releaseFromCustomers = preparedWrite((tx: Tx, basketId: string) =>
  tx.updateTable('customers').set({ basket_id: null }).where('basket_id', '=', basketId),
);

const storedReply = (status: number, reply: string, replayed: boolean): PlacementReply => ({
  status,
  replayed,
  result: JSON.parse(reply) as PlacementReply['result'],
});

/**
 * Another request holds this key: its reply is ours once stored (replayed), as long as it was the same request.
 * While it is still being placed the request waits, up to the attempt's lease; an attempt past its lease (its
 * process died) is settled here and its reply is ours. 409 when it cannot be settled yet.
 */
async function awaitReply(db: Db, gateway: PaymentGateway, key: string, hash: string, leaseMs: number): Promise<PlacementReply> {
  const deadline = Date.now() + leaseMs + LEASE_MARGIN_MS + 5_000;
  for (;;) {
    const row = await db.kysely
      .selectFrom('checkout_attempts')
      .select(['id', 'request_hash', 'state', 'reply', 'reply_status', 'lease_until'])
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (row && row.request_hash !== hash) {
      return failed(422, 'This idempotency key was already used for a different request.', null, 0);
    }
    if (row?.state === 'done' && row.reply) return storedReply(row.reply_status ?? 200, row.reply, true);
    const lapsed = row?.state === 'authorizing' && row.lease_until < new Date().toISOString();
    if ((lapsed && !(await recoverAttempt(db, gateway, row.id))) || Date.now() > deadline) {
      return failed(409, 'Your order is still being placed. Please wait a moment and refresh.', null, 0);
    }
    if (!lapsed) await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
}
