import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { lockedRead, prepared, preparedWrite } from '../../db/prepared.ts';
import { lockClause, withWriteTransaction, type Tx } from '../../db/transaction.ts';
import { amountStrings, totalCents, type AmountBreakdown } from '../web-payment-amounts.ts';
import {
  WEB_PAYMENT_MESSAGES,
  type AuthorizeOrderResult,
  type CaptureResult,
  type CreatedOrder,
  type WebOrder,
  type WebOrderStatus,
  type WebPayer,
  type WebPaymentProvider,
  type WebShipping,
} from '../web-payment.ts';
import { once } from './request-once.ts';
import { SANDBOX_PAYER, SANDBOX_SHIP_TO, type SandboxShipTo } from './sandbox-buyer.ts';

/**
 * The embedded web payment provider: PayPal's Orders v2 and Payments v2 semantics, offline, with its records in the
 * database so every app instance sees the same provider. An order is CREATED, the shopper approves it on the
 * sandbox's own page (approval-mount.ts: Approve, a declined funding source, or Cancel), authorize holds the amount
 * (COMPLETED, one authorization per order), then capture or void. Every call that moves money is idempotent by its
 * request id (request-once.ts). Each transaction is one short write; none stays open across another call.
 */
export interface SandboxWebPaymentOptions {
  database: () => Promise<Db>;
  /** Where the approval page is served (the store's origin + SANDBOX_PAYPAL_PATH). */
  approvalBase: string;
  /** How long a call waits for another call's answer under the same request id. */
  timeoutMs: number;
}

/** PayPal-like ids: 17 capitals and digits. */
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXY0123456789';
export const sandboxId = () => [...randomBytes(17)].map((b) => ALPHABET[b % ALPHABET.length]).join('');

/** The approval page's funding choices: balance approves; declined stands for a card PayPal's processor refuses. */
export type SandboxFunding = 'balance' | 'declined';

const ORDER_STATUS: Readonly<Record<string, WebOrderStatus>> = { CREATED: 'created', APPROVED: 'approved', COMPLETED: 'authorized' };
const AUTH_STATUS = { CREATED: 'authorized', CAPTURED: 'captured', VOIDED: 'voided' } as const;

type OrderRow = { id: string; reference: string; amount_cents: number; status: string; payer: string | null; shipping: string | null };
type AuthRow = { id: string; status: string } | undefined;

// The statements of every PayPal order's way (create, approve, authorize, capture, read): compiled once
// (db/prepared.ts); on PostgreSQL the row a call changes is locked by the read before it.
const lockedOrderRow = prepared((tx: Tx, orderId: string) =>
  lockedRead(tx, tx.selectFrom('paypal_sandbox_orders').selectAll().where('id', '=', orderId)),
);
/** An order with its one authorization, if it has one: what PayPal's order read answers, in one statement. */
const orderWithAuthorization = prepared((tx: Tx, orderId: string) =>
  tx
    .selectFrom('paypal_sandbox_orders as o')
    .leftJoin('paypal_sandbox_authorizations as a', 'a.order_id', 'o.id')
    .select(['o.id', 'o.reference', 'o.amount_cents', 'o.status', 'o.payer', 'o.shipping', 'a.id as auth_id', 'a.status as auth_status'])
    .where('o.id', '=', orderId),
);
const lockedAuthorization = prepared((tx: Tx, authorizationId: string) =>
  lockedRead(tx, tx.selectFrom('paypal_sandbox_authorizations').selectAll().where('id', '=', authorizationId)),
);
const completeOrder = preparedWrite((tx: Tx, orderId: string, now: string) =>
  tx.updateTable('paypal_sandbox_orders').set({ status: 'COMPLETED', updated_at: now }).where('id', '=', orderId),
);
const insertAuthorization = preparedWrite((tx: Tx, id: string, orderId: string, amountCents: number, now: string) =>
  tx
    .insertInto('paypal_sandbox_authorizations')
    .values({ id, order_id: orderId, amount_cents: amountCents, status: 'CREATED', capture_id: null, created_at: now, updated_at: now }),
);
const captureRow = preparedWrite((tx: Tx, authorizationId: string, captureId: string, now: string) =>
  tx
    .updateTable('paypal_sandbox_authorizations')
    .set({ status: 'CAPTURED', capture_id: captureId, updated_at: now })
    .where('id', '=', authorizationId),
);
const insertOrder = preparedWrite(
  (
    tx: Tx,
    id: string,
    reference: string,
    amountCents: number,
    breakdown: string,
    currency: string,
    returnUrl: string,
    cancelUrl: string,
    now: string,
  ) =>
    tx.insertInto('paypal_sandbox_orders').values({
      id,
      reference,
      amount_cents: amountCents,
      breakdown,
      currency,
      return_url: returnUrl,
      cancel_url: cancelUrl,
      status: 'CREATED',
      funding: null,
      payer_id: null,
      payer: null,
      shipping: null,
      created_at: now,
      updated_at: now,
    }),
);
const approvalOf = prepared((tx: Tx, orderId: string) =>
  tx.selectFrom('paypal_sandbox_orders').select(['return_url', 'cancel_url', 'status']).where('id', '=', orderId),
);
const approveOrder = preparedWrite((tx: Tx, orderId: string, funding: string, payerId: string, payer: string, shipping: string, now: string) =>
  tx
    .updateTable('paypal_sandbox_orders')
    .set({ status: 'APPROVED', funding, payer_id: payerId, payer, shipping, updated_at: now })
    .where('id', '=', orderId)
    .where('status', 'in', ['CREATED', 'APPROVED']),
);

const approvalUrlOf = (approvalBase: string, orderId: string) => `${approvalBase}/checkoutnow?token=${orderId}`;

function webOrder(order: OrderRow, auth: AuthRow, approvalBase: string): WebOrder {
  const authorization = auth ? { authorizationId: auth.id, status: AUTH_STATUS[auth.status as keyof typeof AUTH_STATUS] } : null;
  let status = ORDER_STATUS[order.status] ?? 'created';
  if (authorization && authorization.status !== 'authorized') status = authorization.status;
  return {
    orderId: order.id,
    reference: order.reference,
    amountCents: order.amount_cents,
    status,
    authorization,
    payer: order.payer ? (JSON.parse(order.payer) as WebPayer) : null,
    shipping: order.shipping ? (JSON.parse(order.shipping) as WebShipping) : null,
    approvalUrl: order.status === 'CREATED' ? approvalUrlOf(approvalBase, order.id) : null,
  };
}

const refusal = (code: 'instrument_declined' | 'not_approved' | 'not_found'): AuthorizeOrderResult => ({
  ok: false,
  code,
  message: WEB_PAYMENT_MESSAGES[code],
});

export function sandboxWebPayment({ database, approvalBase, timeoutMs }: SandboxWebPaymentOptions): WebPaymentProvider {
  async function readOrder(db: Db, orderId: string): Promise<WebOrder | null> {
    const [order] = await orderWithAuthorization(db.kysely, orderId);
    if (!order) return null;
    return webOrder(order, order.auth_id && order.auth_status ? { id: order.auth_id, status: order.auth_status } : undefined, approvalBase);
  }

  return {
    name: 'embedded',

    async createOrder(request): Promise<CreatedOrder> {
      // PayPal's own checks: whole cents that add up to a total above zero, and return and cancel URLs.
      amountStrings(request.breakdown);
      for (const url of [request.returnUrl, request.cancelUrl]) if (!URL.canParse(url)) throw new TypeError('Not a URL');
      const amount = totalCents(request.breakdown);
      const db = await database();
      const answer = await once(db, `create:${request.requestId}`, JSON.stringify(request), timeoutMs, async () => {
        const id = sandboxId();
        const now = new Date().toISOString();
        const breakdown = JSON.stringify(request.breakdown satisfies AmountBreakdown);
        await insertOrder(db.kysely, id, request.reference, amount, breakdown, request.currency, request.returnUrl, request.cancelUrl, now);
        return { orderId: id, approvalUrl: approvalUrlOf(approvalBase, id) };
      });
      if (answer === 'timeout') throw new Error('The sandbox did not answer in time');
      return answer;
    },

    async getOrder(orderId) {
      return readOrder(await database(), orderId);
    },

    async updateAmount(orderId, breakdown) {
      amountStrings(breakdown);
      const db = await database();
      const updated = await db.kysely
        .updateTable('paypal_sandbox_orders')
        .set({ amount_cents: totalCents(breakdown), breakdown: JSON.stringify(breakdown), updated_at: new Date().toISOString() })
        .where('id', '=', orderId)
        .where('status', 'in', ['CREATED', 'APPROVED'])
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async authorizeOrder(orderId, requestId) {
      const db = await database();
      const answer = await once(db, `authorize:${orderId}:${requestId}`, orderId, timeoutMs, () =>
        withWriteTransaction(db, async (tx): Promise<AuthorizeOrderResult> => {
          const [order] = await lockedOrderRow(tx, orderId);
          if (!order) return refusal('not_found');
          const now = new Date().toISOString();
          // ORDER_ALREADY_AUTHORIZED: the order's one authorization is the first result.
          if (order.status === 'COMPLETED') {
            const auth = await tx.selectFrom('paypal_sandbox_authorizations').select('id').where('order_id', '=', orderId).executeTakeFirstOrThrow();
            return { ok: true, authorizationId: auth.id };
          }
          if (order.status !== 'APPROVED') return refusal('not_approved');
          if (order.funding === 'declined') {
            // INSTRUMENT_DECLINED: the approval is spent; the shopper chooses again on the approval page.
            await tx
              .updateTable('paypal_sandbox_orders')
              .set({ status: 'CREATED', funding: null, updated_at: now })
              .where('id', '=', orderId)
              .execute();
            return refusal('instrument_declined');
          }
          const id = sandboxId();
          await completeOrder(tx, orderId, now);
          await insertAuthorization(tx, id, orderId, order.amount_cents, now);
          return { ok: true, authorizationId: id };
        }),
      );
      return answer === 'timeout' ? { ok: false, code: 'timeout', message: WEB_PAYMENT_MESSAGES.timeout } : answer;
    },

    async captureAuthorization(authorizationId, requestId) {
      const db = await database();
      const answer = await once(db, `capture:${authorizationId}:${requestId}`, authorizationId, timeoutMs, () =>
        withWriteTransaction(db, async (tx): Promise<CaptureResult> => {
          const [auth] = await lockedAuthorization(tx, authorizationId);
          if (!auth) return { ok: false, code: 'not_found' };
          if (auth.status === 'CAPTURED') return { ok: false, code: 'already_captured' };
          if (auth.status === 'VOIDED') return { ok: false, code: 'voided' };
          const captureId = sandboxId();
          await captureRow(tx, authorizationId, captureId, new Date().toISOString());
          return { ok: true, captureId };
        }),
      );
      return answer === 'timeout' ? { ok: false, code: 'timeout' } : answer;
    },

    async voidAuthorization(authorizationId) {
      const db = await database();
      const lock = lockClause(db);
      return withWriteTransaction(db, async (tx) => {
        const auth = await lock(tx.selectFrom('paypal_sandbox_authorizations').select('status').where('id', '=', authorizationId)).executeTakeFirst();
        if (!auth) throw new Error(`No authorization ${authorizationId}`);
        if (auth.status === 'CAPTURED') return 'captured';
        if (auth.status === 'CREATED') {
          await tx
            .updateTable('paypal_sandbox_authorizations')
            .set({ status: 'VOIDED', updated_at: new Date().toISOString() })
            .where('id', '=', authorizationId)
            .execute();
        }
        return 'voided';
      });
    },

    async findByReference(reference) {
      const db = await database();
      const orders = await db.kysely
        .selectFrom('paypal_sandbox_orders')
        .select('id')
        .where('reference', '=', reference)
        .orderBy('created_at')
        .execute();
      const found = await Promise.all(orders.map((o) => readOrder(db, o.id)));
      return found.filter((o): o is WebOrder => o !== null);
    },
  };
}

/**
 * The shopper's choice on the approval page: approve (with a funding source, paying as the test buyer and shipping to
 * the buyer's address they picked) or cancel. Answers where the page sends the shopper: the return URL with token and
 * PayerID, or the cancel URL with token (as PayPal does); null for an order the sandbox does not know or one no longer
 * awaiting approval.
 */
export async function decideOnSandboxOrder(
  db: Db,
  orderId: string,
  choice: 'approve' | 'decline' | 'cancel',
  shipTo: SandboxShipTo = 'home',
): Promise<string | null> {
  const [order] = await approvalOf(db.kysely, orderId);
  if (!order || order.status === 'COMPLETED') return null;
  const back = (url: string, params: Record<string, string>) => {
    const u = new URL(url);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  };
  if (choice === 'cancel') return back(order.cancel_url, { token: orderId });
  const payerId = sandboxId().slice(0, 13);
  const funding: SandboxFunding = choice === 'decline' ? 'declined' : 'balance';
  await approveOrder(
    db.kysely,
    orderId,
    funding,
    payerId,
    JSON.stringify(SANDBOX_PAYER),
    JSON.stringify(SANDBOX_SHIP_TO[shipTo]),
    new Date().toISOString(),
  );
  return back(order.return_url, { token: orderId, PayerID: payerId });
}
