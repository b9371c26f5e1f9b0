import { preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { sendTogether } from '../../db/write-batch.ts';
import { emptyBasket } from '../../commerce/basket-read.ts';
import type { Db } from '../../db/database.ts';
import { deliverQueued, mailQueuing, type QueuedMail } from '../../mail/mailer.ts';
import { issueOrderCards } from '../../gift-cards/order-cards.ts';
import { earnForOrder, pointsEarnedBy } from '../../rewards/earn.ts';
import { captureHold } from '../../store-card/ledger.ts';
import { confirmationMail } from '../../orders/confirmation-mail.ts';
import { writeOrder } from '../../orders/write-order.ts';
import { orderPaymentLines } from '../../orders/orders.ts';
import { grantOrderMemberships } from '../../perks/memberships.ts';
import { finishingWrite } from './attempt-log.ts';
import { owedCapture } from './web-payment-capture.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { orderOf, type OrderSnapshot } from './snapshot.ts';

/**
 * Committing a placement, all in the caller's transaction: the order and its lines are written from the snapshot,
 * the bag is marked ordered and let go by its sessions and accounts, the confirmation e-mail is queued in the outbox,
 * the gift cards it bought are issued (an e-gift card's mail queued to its recipient), a membership it bought starts
 * or extends (src/server/perks/), and the attempt stores its
 * reply. The mails go with the reply (`mail`, `giftCardMails`) and are handed to SMTP once the transaction has
 * committed (`delivered`).
 */
export async function commitOrder(
  tx: Tx,
  attemptId: string,
  bagId: string,
  snapshot: OrderSnapshot,
  authorizationId: string | null,
  owesCapture = false,
): Promise<PlacementReply & { mail: QueuedMail; giftCardMails: QueuedMail[] }> {
  const placedAt = new Date().toISOString();
  const written = orderOf(snapshot, { bagId, attemptId, placedAt, authorizationId });
  const order = await writeOrder(tx, written);
  // Only the store card holds credit for an attempt (its payer, payer.ts): nothing to capture otherwise.
  if (snapshot.payment?.source.kind === 'store-card') await captureHold(tx, attemptId);
  if (snapshot.subscribe) {
    await tx
      .insertInto('email_subscriptions')
      .values({ email: snapshot.email, source: 'checkout', created_at: placedAt })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
  }
  await grantOrderMemberships(tx, { id: order.id, customerId: snapshot.customerId, productIds: snapshot.lines.map((l) => l.productId), placedAt });
  const giftCardMails = await issueOrderCards(tx, { id: order.id, email: snapshot.email }, snapshot.lines);
  giftCardMails.push(...(await earnForOrder(tx, { ...order, ...snapshot, discountCents: snapshot.totals.discount })));
  // The e-mail says what the confirmation page says, the points this order earned included.
  const { write: queueing, queued: mail } = mailQueuing(
    tx,
    confirmationMail(order.orderNo, {
      ...written,
      // Only an account earns points (earnForOrder): a guest's order has none to read.
      summary: { ...snapshot.summary, ...(snapshot.customerId ? await pointsEarnedBy(tx, order.id) : {}) },
      payments: orderPaymentLines(written.payment, written.tenders, written.totals.orderTotal),
    }),
  );
  const reply: PlacementReply = {
    status: 200,
    replayed: false,
    result: {
      confirmationStatus: 'confirmed',
      orderNo: order.orderNo,
      orderId: order.id,
      orderTotal: snapshot.totals.orderTotal,
      message: null,
      bag: emptyBasket(),
      basketId: bagId,
    },
  };
  // Sent together, as none reads what another writes: the order's lines and tenders, the bag marked ordered and let
  // go by every session and account holding it ('confirmed' replaces the bag: the next add makes a new one), the
  // confirmation queued, the web payment's capture owed (web-payment-capture.ts), and the attempt's reply.
  await sendTogether(
    tx,
    [
      ...order.rest,
      markOrdered.compiled(tx, placedAt, bagId),
      releaseFromSessions.compiled(tx, bagId),
      releaseFromCustomers.compiled(tx, bagId),
      queueing,
      ...(owesCapture && authorizationId ? [owedCapture.compiled(tx, attemptId, order.id, authorizationId, placedAt)] : []),
    ],
    finishingWrite(tx, attemptId, reply, authorizationId),
  );
  return { ...reply, mail, giftCardMails };
}

/** Hands a committed order's mails to SMTP (when configured) and drops them from the reply. */
export function delivered(db: Db, reply: PlacementReply & { mail?: QueuedMail; giftCardMails?: QueuedMail[] }): PlacementReply {
  const { mail, giftCardMails, ...rest } = reply;
  if (mail) deliverQueued(db, mail);
  for (const m of giftCardMails ?? []) deliverQueued(db, m);
  return rest;
}

/** Compiled once (db/prepared.ts): every placement runs them. */
const markOrdered = preparedWrite((tx: Tx, at: string, bagId: string) =>
  tx.updateTable('baskets').set({ status: 'ordered', placing_attempt_id: null, updated_at: at }).where('id', '=', bagId),
);
const releaseFromSessions = preparedWrite((tx: Tx, bagId: string) =>
  tx.updateTable('sessions').set({ basket_id: null }).where('basket_id', '=', bagId),
);
const releaseFromCustomers = preparedWrite((tx: Tx, bagId: string) =>
  tx.updateTable('customers').set({ basket_id: null }).where('basket_id', '=', bagId),
);
