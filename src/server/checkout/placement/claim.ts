import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf, prepared, preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import { sendTogether } from '../../db/write-batch.ts';
import { readBasketDetailed } from '../../commerce/basket-read.ts';
import { placementLapsed, PlacementLapsed } from '../../commerce/basket-lock.ts';
import { CommerceError } from '../../commerce/errors.ts';
import { reserveInTx, stockRefusal, takeStockQuery, type StockRequest } from '../../commerce/stock.ts';
import { flashFor, withAccountEmail } from '../checkout-service.ts';
import { checkoutRecordOf, writeCheckout, type CheckoutRecord } from '../checkout-store.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { AMEX_TYPE, securityCodeError } from '#src/lib/checkout/card-rules.ts';
import { bagHoldsMembership, isSavedPayment, MEMBERSHIP_NEEDS_NEW_CARD, MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { poBoxExcludedLines, poBoxRefusal } from '#src/lib/checkout/shipping-extras.ts';
import { authorizingWrite, finishAttempt, leaseEnd, openAttemptLockingBag } from './attempt-log.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import {
  EXPRESS_NOT_OFFERED,
  failed,
  NOTHING_TO_PAY,
  ORDER_BEING_PLACED,
  WALLET_CARD_REFUSED,
  WALLET_SESSION_REFUSED,
  type PlacementRequest,
  type WalletPlacement,
} from './placement-types.ts';
import { snapshotOf, type OrderSnapshot } from './snapshot.ts';
import { debitTenders, type PaidTender } from '../../tenders/tender-payment.ts';
import { bagTenderRefusal } from '../../tenders/tender-checks.ts';
import { paymentMethodsFor } from '../../content/payment-methods.ts';
import { METHOD_NOT_OFFERED, methodNotOffered } from '#src/lib/checkout/payment-methods.ts';

/**
 * Claiming the bag, the placement's first transaction: the key's attempt is opened (a second request with the key
 * fails here on the key's unique index, and waits for the reply), the bag is locked and checked (complete, the total
 * the shopper saw, stock), stock is taken and the bag is marked as being placed: any other write or placement of it
 * gets 409 until the attempt is done. A check that fails ends the attempt with its reply, in the same transaction.
 */
export type Claim =
  | { kind: 'reply'; reply: PlacementReply }
  /** `marked`: the bag is marked as being placed and the attempt as authorizing already (else markClaimed does it). */
  | { kind: 'claimed'; attemptId: string; snapshot: OrderSnapshot; leaseUntil: Date; marked?: boolean };

/**
 * Thrown by a claim that took stock or tenders and was then refused, when it took no savepoint: the whole transaction
 * is rolled back (the attempt with it), and the claim runs again with one (placeOrder).
 */
export class ClaimUndone extends Error {
  constructor() {
    super('The claim was refused after it took stock or tenders.');
    this.name = 'ClaimUndone';
  }
}

/** `savepoint`: a refusal after stock or tenders were taken gives them back to a savepoint and is answered. */
export async function claimBag(db: Db, tx: Tx, request: PlacementRequest, hash: string, leaseMs: number, savepoint = false): Promise<Claim> {
  const now = new Date();
  const { attemptId, held, lockedCards } = await openAttemptLockingBag(db, tx, request.idempotencyKey, request.bagId, hash, leaseMs, now);
  const done = async (reply: PlacementReply): Promise<Claim> => {
    await finishAttempt(tx, attemptId, reply);
    return { kind: 'reply', reply };
  };

  if (held?.status !== 'open') return done(failed(409, 'This bag has already been ordered.', null, request.expectedTotal));
  if (held.placing_attempt_id) {
    if (await placementLapsed(tx, held.placing_attempt_id)) throw new PlacementLapsed(held.placing_attempt_id, ORDER_BEING_PLACED);
    return done(failed(409, ORDER_BEING_PLACED, null, request.expectedTotal));
  }

  const wallet = request.wallet;
  if (wallet) {
    if (!(await wallet.spendSession(tx, wallet.sessionId))) return done(failed(409, WALLET_SESSION_REFUSED, null, request.expectedTotal));
    if (!wallet.card) return done(failed(402, WALLET_CARD_REFUSED, null, request.expectedTotal));
    await takeWalletContacts(tx, request.bagId, wallet);
  }
  // The bag and its checkout row in one statement (src/server/commerce/basket-load.ts).
  const { view: bag, checkout, tenders: tenderSources } = await readBasketDetailed(tx, request.bagId);
  // The tenders are asked the rules again: the bag may have changed since they were applied (a gift card line added,
  // the brand a programme's rewards need taken out).
  const tenderProblem = await bagTenderRefusal(tx, bag);
  if (tenderProblem) return done(failed(422, tenderProblem, bag, bag.orderTotal));
  const stored = await withAccountEmail(tx, checkoutRecordOf(checkout), request.customerId);
  // The wallet's card pays this order only: it is not kept on the bag (a refusal leaves the bag's own card as it was).
  const record: CheckoutRecord = wallet?.card
    ? { ...stored, payment: { ...wallet.card, source: { kind: 'token', token: wallet.cardToken }, savedCardId: null } }
    : stored;
  const express = !!(request.webPayment || wallet);
  // The total, and what gift cards leave for the card, as the shopper saw them: a change (a line, a code, a method,
  // a gift card spent elsewhere) that leaves part unpaid with no card is a changed total, not a missing card.
  // The sheet showed what a card pays for the address on it, so the wallet is held to the amount due alone.
  const totalsChanged = wallet
    ? bag.amountDue !== request.expectedAmountDue
    : bag.orderTotal !== request.expectedTotal || bag.amountDue !== (request.expectedAmountDue ?? request.expectedTotal);
  // PayPal pays the amount due and bills its own account: the checkout's card and billing address are not asked for.
  const missing = flashFor(bag, record, now).filter(
    (f) => !(request.webPayment && (f.type === 'PaymentInstrumentRequired' || f.type === 'BillingAddressRequired')),
  );
  if (missing[0] && !(totalsChanged && missing[0].type === 'PaymentInstrumentRequired')) {
    return done(failed(400, missing[0].message, bag, bag.orderTotal));
  }
  const membership = bagHoldsMembership(bag.lines.map((l) => l.productType));
  // Express checkout is not offered for a bag with a membership (checkout spec §4), nor for nothing to pay.
  if (express && membership) return done(failed(409, EXPRESS_NOT_OFFERED, bag, bag.orderTotal));
  if (express && bag.amountDue <= 0) return done(failed(400, NOTHING_TO_PAY, bag, bag.orderTotal));
  // A membership is bought by a signed-in shopper, with a new card (checkout spec §4): not a saved card or saved store
  // card, and never by tenders alone (they do not pay for it: tender-rules.ts).
  if (membership) {
    if (!request.customerId) return done(failed(401, MEMBERSHIP_NEEDS_SIGN_IN, bag, bag.orderTotal));
    if (!record.payment || isSavedPayment(record.payment) || bag.amountDue <= 0)
      return done(failed(409, MEMBERSHIP_NEEDS_NEW_CARD, bag, bag.orderTotal));
  }
  // A saved card pays with its security code, re-collected at review (the gateway checks it).
  const codeProblem = record.payment?.savedCardId ? securityCodeProblem(request.securityCode, record.payment.cardType) : null;
  if (codeProblem) return done(failed(400, codeProblem, bag, bag.orderTotal));
  if (bag.lines.some((l) => l.showRestrictedShippingStateMessage || l.lineDetails.isOutOfCatalog || l.lineDetails.isOutOfStock)) {
    return done(failed(409, 'Some items in your bag cannot be ordered. Please review your bag.', bag, bag.orderTotal));
  }
  // A saved address, or a bag that gained an item since the address was given, may still pair a P.O. box with it.
  const refused = poBoxExcludedLines(record.shippingAddress, bag.summary.isDigitalItemsOnly ? [] : bag.lines, (l) => l.poBoxExcluded);
  if (refused.length > 0) return done(failed(409, poBoxRefusal(refused), bag, bag.orderTotal));
  const totalChanged = async () => {
    // The card is chosen again for the total as it is now; express checkout leaves the card the shopper chose alone.
    if (!express) await writeCheckout(tx, request.bagId, { payment: null });
    return done(failed(409, ORDER_TOTAL_CHANGED, bag, bag.orderTotal));
  };
  if (totalsChanged) return totalChanged();
  // The card must still be offered for the bag's brands: an editor may have changed the list since it was chosen (the
  // tenders were asked above).
  const card = bag.amountDue > 0 && !request.webPayment ? (record.payment?.source ?? null) : null;
  if (methodNotOffered(paymentMethodsFor(bag.lines.map((l) => l.brand)), card, [])) {
    return done(failed(422, METHOD_NOT_OFFERED, bag, bag.orderTotal));
  }
  // payment_place_order/create is for an order a card pays part of; one gift cards pay in full uses place_order.
  if (request.requirePayment && bag.amountDue === 0) return done(failed(400, NOTHING_TO_PAY, bag, bag.orderTotal));

  /** The order's snapshot with the stock and tenders the claim took. */
  const snapshotFor = (taken: StockRequest[], tenders: PaidTender[]): OrderSnapshot => {
    const snapshot = snapshotOf(bag, record, request.customerId, taken, tenders);
    if (request.webPayment) Object.assign(snapshot, { payment: null, webPayment: { orderId: request.webPayment.orderId } });
    if (wallet) snapshot.wallet = { sessionId: wallet.sessionId };
    return snapshot;
  };

  // One line, no tenders, a card to pay, on PostgreSQL (most orders): its stock is taken and the bag marked as being
  // placed in one statement, so the stock's row lock is held only until the commit that follows it, not for another
  // round trip as well (every order of one product waits for that lock).
  const only = bag.lines[0];
  if (!savepoint && only && bag.lines.length === 1 && bag.tenders.length === 0 && bag.amountDue > 0 && dialectOf(tx) === 'postgres') {
    const line = { sku: only.productId, quantity: only.quantity };
    if (Number.isInteger(line.quantity) && line.quantity > 0) {
      const untaken = snapshotFor([], []);
      const took = { ...untaken, taken: [line] };
      const [marked] = await takeStockMarkingClaim(
        tx,
        line.quantity,
        line.sku,
        request.bagId,
        attemptId,
        JSON.stringify(took),
        JSON.stringify(untaken),
      );
      if (Number(marked?.taken ?? 0) === 1) return { kind: 'claimed', attemptId, snapshot: took, leaseUntil: leaseEnd(now, leaseMs), marked: true };
      // None taken: a variant whose stock is not tracked is claimed as it is. A sold-out one is refused: the claim and
      // its mark are rolled back whole and made again the long way, which answers the refusal.
      if (!(await stockRefusal(tx, line.sku)))
        return { kind: 'claimed', attemptId, snapshot: untaken, leaseUntil: leaseEnd(now, leaseMs), marked: true };
      throw new ClaimUndone();
    }
  }

  // Stock is taken and tenders spent together: either both stand or neither does. A refusal writes nothing (each
  // write is a conditional update that changed no row), so only a bag that makes more than one of them has anything to
  // give back: it rolls the whole transaction back (ClaimUndone) and is claimed again with a savepoint, which answers
  // the refusal. A placement that is not refused sends neither.
  let taken: StockRequest[];
  let tenders: PaidTender[] | null;
  const undoable = bag.lines.length > 1 || bag.tenders.length > 0;
  const withSavepoint = savepoint && undoable;
  const rollBack = async () => {
    if (withSavepoint) await sql`ROLLBACK TO SAVEPOINT take_stock`.execute(tx);
    else if (undoable) throw new ClaimUndone();
  };
  if (withSavepoint) await sql`SAVEPOINT take_stock`.execute(tx);
  try {
    taken = await reserveInTx(
      tx,
      bag.lines.map((l) => ({ sku: l.productId, quantity: l.quantity })),
    );
    tenders = await debitTenders(tx, attemptId, bag.tenders, tenderSources, request.customerId, lockedCards);
  } catch (err) {
    if (!(err instanceof CommerceError)) throw err;
    await rollBack();
    return done(failed(409, err.message, bag, bag.orderTotal));
  }
  if (!tenders) {
    // A gift card, certificate or rewards balance was spent elsewhere since the bag was priced: the shopper's total
    // no longer holds.
    await rollBack();
    return totalChanged();
  }
  if (withSavepoint) await sql`RELEASE SAVEPOINT take_stock`.execute(tx);

  return { kind: 'claimed', attemptId, snapshot: snapshotFor(taken, tenders), leaseUntil: leaseEnd(now, leaseMs) };
}

/** The sheet's contacts become the checkout's: its address sets the state the bag is taxed for, its e-mail the order's. */
async function takeWalletContacts(tx: Tx, bagId: string, wallet: WalletPlacement): Promise<void> {
  await tx.updateTable('baskets').set({ shipping_state_code: wallet.shippingAddress.stateCode }).where('id', '=', bagId).execute();
  await writeCheckout(tx, bagId, {
    email: wallet.email,
    shippingAddress: wallet.shippingAddress,
    billingAddress: wallet.billingAddress,
    billingSame: false,
    shippingMethodConfirmed: true,
  });
}

/** A saved card's security code, checked for form before it goes to the gateway (4 digits for American Express). */
function securityCodeProblem(code: string | undefined, cardType: string): string | null {
  const kind = { type: cardType, isPlcc: false, isAmex: cardType === AMEX_TYPE, known: true };
  return securityCodeError(code ?? '', kind);
}

/**
 * The claim made, before the gateway is asked: the bag marked as being placed (any other write or placement of it
 * gets 409 until the attempt is done) and the attempt as authorizing with the order's snapshot, sent together.
 */
export async function markClaimed(tx: Tx, attemptId: string, bagId: string, snapshot: OrderSnapshot): Promise<void> {
  await sendTogether(tx, [markPlacing.compiled(tx, attemptId, bagId)], authorizingWrite(tx, attemptId, snapshot));
}

/** Compiled once (db/prepared.ts): every placement runs it. */
const markPlacing = preparedWrite((tx: Tx, attemptId: string, bagId: string) =>
  tx.updateTable('baskets').set({ placing_attempt_id: attemptId }).where('id', '=', bagId),
);

/**
 * A claim's stock taken and the claim marked, in one statement (PostgreSQL): the variant's stock as `takeStockQuery`
 * takes it, the bag marked as being placed, and the attempt authorizing with the snapshot that says whether stock was
 * taken; answers how many rows of stock it took (0 or 1).
 */
const takeStockMarkingClaim = prepared(
  (tx: Tx, quantity: number, sku: string, bagId: string, attemptId: string, tookSnapshot: string, untakenSnapshot: string) =>
    tx
      .with('took', (q) => takeStockQuery(q, quantity, sku).returning('sku'))
      .with('placing', (q) => q.updateTable('baskets').set({ placing_attempt_id: attemptId }).where('id', '=', bagId))
      .updateTable('checkout_attempts')
      .set((eb) => ({
        state: 'authorizing',
        snapshot: eb
          .case()
          .when(eb.exists(eb.selectFrom('took').select('sku')))
          .then(tookSnapshot)
          .else(untakenSnapshot)
          .end(),
      }))
      .where('id', '=', attemptId)
      .returning((eb) =>
        eb
          .selectFrom('took')
          .select((c) => c.fn.countAll<number>().as('n'))
          .as('taken'),
      ),
);
