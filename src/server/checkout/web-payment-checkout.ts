import type { Db } from '../db/database.ts';
import { readBasket } from '../commerce/basket-read.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import type { AmountBreakdown } from '../payments/web-payment-amounts.ts';
import { totalCents } from '../payments/web-payment-amounts.ts';
import { WebPaymentRequestConflict, type WebOrder, type WebPaymentProvider } from '../payments/web-payment.ts';
import { readCheckout } from './checkout-store.ts';
import { bagHoldsMembership } from '#src/lib/membership-rules.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { CommerceError } from '../commerce/errors.ts';
import { Refusal } from '../refusal.ts';
import { EXPRESS_PROBLEM, EXPRESS_TOTAL_CHANGED_AGAIN, EXPRESS_TOTAL_TO_REVIEW } from '#src/lib/checkout/order-messages.ts';
import { lapsedAttemptOf } from '../commerce/basket-lock.ts';
import { attemptByKey } from './placement/attempt-log.ts';
import { contactsOf, takeWebPaymentContacts, type ContactProblem, type WebPaymentContacts } from './web-payment-contacts.ts';
import { placeOrder } from './placement/place-order.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import { EXPRESS_NOT_OFFERED, failed, KEY_REUSED, NOTHING_TO_PAY } from './placement/placement-types.ts';

/**
 * Express checkout with the web payment provider (PayPal), from the bag or the payment step (checkout spec §4
 * "Express checkout"; docs/decisions.md "PayPal"):
 *
 * 1. The browser asks for an order with a placement key of its own (Idempotency-Key). The provider's order is made
 *    for the bag's amount due, its breakdown from the server's figures in cents, its reference the visitor's key and
 *    its request id made from it: a double click makes one order.
 * 2. The shopper approves it on the provider's page and comes back; the store places the order with the provider
 *    order's reference as the placement's idempotency key, so a second approval, a double click or a retry replays
 *    the first reply. The claim, then the web payment Payer (authorize), the commit, then the capture (placement/).
 */

/** Express checkout refused before any payment: the message for the shopper, and the HTTP status. */
export class ExpressRefused extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

/** Why express checkout is not offered for a bag, or null when it is (the island mirrors this). */
export function expressRefusal(bag: Bag): { message: string; status: number } | null {
  if (bag.lines.length === 0) return { message: 'Your bag is empty.', status: 409 };
  if (bagHoldsMembership(bag.lines.map((l) => l.productType))) return { message: EXPRESS_NOT_OFFERED, status: 409 };
  if (bag.amountDue <= 0) return { message: NOTHING_TO_PAY, status: 400 };
  return null;
}

/**
 * The provider's figures for the bag: item total, shipping, tax, handling (package protection) and discount (the
 * coupon's, and what gift cards, certificates and rewards pay), adding up to the amount due.
 */
export function breakdownOf(bag: Bag): AmountBreakdown {
  const breakdown: AmountBreakdown = {
    itemTotalCents: bag.summary.subTotal,
    shippingCents: bag.summary.shippingAndHandling,
    taxCents: bag.summary.totalTax,
    handlingCents: bag.summary.routePackageProtectionFee ?? 0,
    discountCents: bag.summary.couponDiscount + (bag.orderTotal - bag.amountDue),
  };
  if (totalCents(breakdown) !== bag.amountDue) throw new Error('the bag’s summary does not add up to its amount due');
  return breakdown;
}

/** The visitor's placement key for a key the browser sent: one visitor's key never names another's. */
export const placementKey = (usid: string, browserKey: string) => `web:${usid}:${browserKey}`;

export async function createExpressOrder(
  database: Db | Promise<Db>,
  provider: WebPaymentProvider,
  request: { bagId: string; key: string; returnUrl: string; cancelUrl: string },
): Promise<{ id: string }> {
  const bag = await readBasket((await database).kysely, request.bagId);
  const refusal = expressRefusal(bag);
  if (refusal) throw new ExpressRefused(refusal.message, refusal.status);
  try {
    const created = await provider.createOrder({
      breakdown: breakdownOf(bag),
      currency: 'USD',
      reference: request.key,
      requestId: `${request.key}:create`,
      returnUrl: request.returnUrl,
      cancelUrl: request.cancelUrl,
    });
    return { id: created.orderId };
  } catch (err) {
    // The key made an order for another amount (the bag changed since): refused as the spec refuses a key reused
    // with another request, never a second order under one key.
    if (err instanceof WebPaymentRequestConflict) throw new ExpressRefused(KEY_REUSED, 422);
    throw err;
  }
}

/**
 * PayPal's address cannot be taken for the bag (a state or a P.O. box it does not ship to, or a field the checkout's
 * rules refuse): nothing is authorized, the order stays approved at PayPal, and the shopper finishes in the checkout.
 */
export class ExpressAddressProblem extends Refusal {
  readonly problem: ContactProblem;
  constructor(problem: ContactProblem) {
    super(problem.message, 409, EXPRESS_PROBLEM.address, problem);
    this.name = 'ExpressAddressProblem';
    this.problem = problem;
  }
}

/**
 * The amount due after PayPal's address is not the amount the shopper approved there, and they have not confirmed it:
 * nothing is held, and the store shows its review (the lines, the address, the total with its tax, PayPal's payer)
 * with a Place order button that sends `amountDue` back as the confirmed total.
 */
export class ExpressReviewNeeded extends Refusal {
  readonly amountDue: number;
  readonly payerEmail: string;
  constructor(amountDue: number, payerEmail: string) {
    super(EXPRESS_TOTAL_TO_REVIEW, 409, EXPRESS_PROBLEM.review, { amountDue, payerEmail });
    this.name = 'ExpressReviewNeeded';
    this.amountDue = amountDue;
    this.payerEmail = payerEmail;
  }
}

/**
 * Places the order the shopper approved. The placement's key is the provider order's reference, which must be this
 * visitor's (`keyPrefix`); the amount the shopper approved is the amount due the claim checks against the bag.
 *
 * From the bag (`fromBag`), before the key's first placement, the payer's e-mail and the address they chose at PayPal
 * become the checkout's, with the bag's shipping method (web-payment-contacts.ts); a bag that cannot ship there is
 * refused with ExpressAddressProblem before anything is held. When the amount due for that address (its state's tax,
 * or a bag changed since) is not what the shopper approved, nothing is placed until they confirm the store's total:
 * `confirmedAmountDue` is the total the review showed them, and only when it is the bag's amount due is PayPal's order
 * given that amount and placed; otherwise ExpressReviewNeeded names the amount due to show. PayPal kept as the
 * checkout's payment is held to the same rule: `confirmedAmountDue` is the amount due the checkout showed.
 */
export async function placeExpressOrder(
  db: Db,
  gateway: PaymentGateway,
  provider: WebPaymentProvider,
  request: {
    bagId: string | null;
    customerId: string | null;
    keyPrefix: string;
    orderId: string;
    leaseMs: number;
    fromBag: boolean;
    confirmedAmountDue?: number | null;
  },
): Promise<PlacementReply> {
  const order = await provider.getOrder(request.orderId);
  // The order's reference is the visitor's placement key: another visitor's return with the order id places nothing.
  if (!order?.reference.startsWith(request.keyPrefix)) throw new ExpressRefused('We could not find this PayPal payment. Please try again.', 404);
  const key = order.reference;
  // A confirmed order lets the bag go: a retry of it finds no bag, and the key's attempt names it.
  const attempt = await attemptByKey(db, key);
  const bagId = attempt?.basket_id ?? request.bagId;
  if (!bagId) return failed(409, 'Your bag is empty.', null, 0);
  // The bag as the placement is asked to take it, when read here already (what the contacts made of it).
  let read: Bag | undefined;
  if (order.status === 'approved' && !attempt) {
    if (request.fromBag) {
      const contacts = contactsOf(order);
      const taken = await takeContactsUnlessPlacing(db, bagId, order.orderId, contacts);
      if (taken?.problem) throw new ExpressAddressProblem(taken.problem);
      read = taken?.bag ?? (await readBasket(db.kysely, bagId));
      const { amountDue, basketId: open } = read;
      // A bag no longer open was placed meanwhile by another request with the order (a double click): the placement
      // below answers with that order.
      if (open === bagId && amountDue !== order.amountCents) {
        // A store never charges a total the shopper has not seen: PayPal's approval was for another amount.
        if (request.confirmedAmountDue !== amountDue) throw new ExpressReviewNeeded(amountDue, contacts.email);
        await followBag(provider, read, order);
      }
    } else if ((await readCheckout(db.kysely, bagId)).webPayment?.orderId === order.orderId) {
      // PayPal kept as the payment while the shopper corrected the address: PayPal's order follows the bag only for
      // the total the checkout showed beside Place order (`confirmedAmountDue`); a bag changed since is shown again.
      const bag = await readBasket(db.kysely, bagId);
      if (bag.amountDue !== order.amountCents) {
        if (request.confirmedAmountDue !== bag.amountDue) return failed(409, EXPRESS_TOTAL_CHANGED_AGAIN, bag, bag.orderTotal);
        await followBag(provider, bag, order);
      }
    }
  }
  const bag = read ?? (await readBasket(db.kysely, bagId));
  return placeOrder(
    db,
    gateway,
    {
      bagId,
      customerId: request.customerId,
      idempotencyKey: key,
      body: { orderId: request.orderId },
      // The total is the bag's; what the shopper approved at the provider is the amount due the claim holds it to.
      expectedTotal: bag.orderTotal,
      expectedAmountDue: order.amountCents,
      requirePayment: true,
      webPayment: { orderId: request.orderId },
    },
    request.leaseMs,
    () => provider,
  );
}

/**
 * The contacts taken, unless another request with the order is placing the bag already (a double click, a reload):
 * that request took them, and this one waits for its reply in the placement (null).
 */
async function takeContactsUnlessPlacing(
  db: Db,
  bagId: string,
  orderId: string,
  contacts: WebPaymentContacts,
): Promise<Awaited<ReturnType<typeof takeWebPaymentContacts>> | null> {
  try {
    return await takeWebPaymentContacts(db, bagId, orderId, contacts);
  } catch (err) {
    // Being placed, or placed already (the bag let go), or a placement past its lease: the placement sorts each out.
    if ((err instanceof CommerceError && (err.code === 'conflict' || err.code === 'not_found')) || lapsedAttemptOf(err)) return null;
    throw err;
  }
}

/** The provider's order given the bag's amount due (the bag as just read), when that changed and can still be paid this way. */
async function followBag(provider: WebPaymentProvider, priced: Bag, order: WebOrder): Promise<void> {
  if (priced.amountDue === order.amountCents || expressRefusal(priced)) return;
  if (await provider.updateAmount(order.orderId, breakdownOf(priced))) order.amountCents = priced.amountDue;
}
