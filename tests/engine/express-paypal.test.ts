import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import type { LineChoice } from '#src/lib/commerce/bag.ts';
import { readBasket } from '#src/server/commerce/basket-read.ts';
import { readProduct } from '#src/server/commerce/catalog.ts';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { placeOrder } from '#src/server/checkout/placement/place-order.ts';
import { addCustomerData, chooseEcoship, readCheckoutView, setShippingAddress } from '#src/server/checkout/checkout-service.ts';
import { requestHash } from '#src/server/checkout/placement/attempt-log.ts';
import { claimBag, markClaimed } from '#src/server/checkout/placement/claim.ts';
import { webPaymentPayer } from '#src/server/checkout/placement/payer.ts';
import { recoverAbandonedAttempts } from '#src/server/checkout/placement/recovery.ts';
import { captureOwedPayments } from '#src/server/checkout/placement/web-payment-capture.ts';
import {
  createExpressOrder,
  ExpressAddressProblem,
  expressRefusal,
  ExpressRefused,
  ExpressReviewNeeded,
  placeExpressOrder,
  placementKey,
} from '#src/server/checkout/web-payment-checkout.ts';
import { EXPRESS_NOT_OFFERED, NOTHING_TO_PAY } from '#src/server/checkout/placement/placement-types.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { readOrderConfirmation } from '#src/server/orders/orders.ts';
import type { Db } from '#src/server/db/database.ts';
import { decideOnSandboxOrder, sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import type { SandboxShipTo } from '#src/server/payments/paypal-sandbox/sandbox-buyer.ts';
import { sandboxGateway } from '#src/server/payments/sandbox/sandbox-gateway.ts';
import { WEB_PAYMENT_MESSAGES, type WebPaymentProvider } from '#src/server/payments/web-payment.ts';
import { ORDER_TOTAL_CHANGED } from '#src/lib/checkout/order-messages.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { readyBag } from '../helpers/ready-bag.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';

/**
 * PayPal express checkout, exactly once: the provider's order is made for the bag's amount due, the shopper approves
 * it, and placing authorizes it, writes our order, then captures. However many requests place one approved order,
 * the provider captures once and one order is written. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
const SKU = 'fb-1002-olv-M';
const LEASE_MS = 2000;
const RETURN_URL = 'http://127.0.0.1:4321/checkout/paypal/return/';
const CANCEL_URL = 'http://127.0.0.1:4321/bag';

beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.kysely.updateTable('stock').set({ on_hand: 500 }).where('sku', '=', SKU).execute();
});

const provider = (db: Db = t.db): WebPaymentProvider =>
  sandboxWebPayment({ database: async () => db, approvalBase: 'http://127.0.0.1:4321/sandbox-paypal', timeoutMs: 2000 });
const gateway = (db: Db = t.db) => sandboxGateway({ database: async () => db, timeoutMs: 2000 });
let visitors = 0;

/** A ready bag and an order for it at the provider, approved (or declined) by the shopper on its page. */
async function approvedOrder(choice: 'approve' | 'decline' = 'approve', before?: (basketId: string) => Promise<void>) {
  const bag = await readyBag(t.db, SKU);
  await before?.(bag.basketId);
  const usid = `visitor-${Date.now()}-${visitors++}`;
  const { id } = await createExpressOrder(t.db, provider(), {
    bagId: bag.basketId,
    key: placementKey(usid, 'placement-key-0123456789'),
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
  });
  expect(await decideOnSandboxOrder(t.db, id, choice)).toContain(RETURN_URL);
  return { ...bag, usid, orderId: id };
}

/** Placed as the payment step places it (the checkout's contacts stand), or from the bag (PayPal's become the checkout's). */
const place = (
  o: { basketId: string; usid: string; orderId: string; customerId?: string },
  db: Db = t.db,
  fromBag = false,
  confirmedAmountDue: number | null = null,
) =>
  placeExpressOrder(db, gateway(db), provider(db), {
    bagId: o.basketId,
    customerId: o.customerId ?? null,
    keyPrefix: placementKey(o.usid, ''),
    orderId: o.orderId,
    leaseMs: LEASE_MS,
    fromBag,
    confirmedAmountDue,
  });

async function atProvider(orderId: string) {
  const auths = await t.db.kysely
    .selectFrom('paypal_sandbox_authorizations')
    .select(['status', 'capture_id'])
    .where('order_id', '=', orderId)
    .execute();
  return { authorizations: auths.length, captured: auths.filter((a) => a.capture_id !== null).length, statuses: auths.map((a) => a.status) };
}
const ordersOf = async (basketId: string) => (await t.db.kysely.selectFrom('orders').select('id').where('basket_id', '=', basketId).execute()).length;
const onHand = async () => (await t.db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;

describe(`PayPal express checkout (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('makes the provider order for the amount due, from the server’s figures', async () => {
    const bag = await readyBag(t.db, SKU);
    const { id } = await createExpressOrder(t.db, provider(), {
      bagId: bag.basketId,
      key: placementKey('v', 'k-amount-0123456789'),
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });
    expect((await provider().getOrder(id))?.amountCents).toBe(bag.total);
  });

  it('approve then place: one order, one authorization captured at the provider, the bag replaced', async () => {
    const o = await approvedOrder();
    const reply = await place(o);
    expect(reply.status).toBe(200);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    // The confirmation names the method by its report name (header spec §9), with no card to show.
    const confirmation = await readOrderConfirmation(t.db, reply.result.orderId ?? '');
    expect(confirmation?.payment).toEqual({ method: 'paypal', cardType: null, last4: null });
    expect(await ordersOf(o.basketId)).toBe(1);
    expect(await atProvider(o.orderId)).toEqual({ authorizations: 1, captured: 1, statuses: ['CAPTURED'] });
    expect((await t.db.kysely.selectFrom('baskets').select('status').where('id', '=', o.basketId).executeTakeFirstOrThrow()).status).toBe('ordered');
  });

  it('carries the EcoShip choice held on the bag into the order', async () => {
    const o = await approvedOrder('approve', (basketId) => chooseEcoship(t.db, basketId, true));
    const { ecoship } = await readBasket(t.db.kysely, o.basketId);
    expect(ecoship?.ecoshipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reply = await place(o);
    expect(reply.result.confirmationStatus).toBe('confirmed');
    const order = await t.db.kysely.selectFrom('orders').select('ecoship_date').where('basket_id', '=', o.basketId).executeTakeFirstOrThrow();
    expect(order.ecoship_date).toBe(ecoship?.ecoshipDate);
  });

  it('fifty place requests at once for one approved order: one capture and one order, every reply the same order', async () => {
    const o = await approvedOrder();
    const handles = Array.from({ length: 50 }, (_, i) => (onPostgres && i % 2 ? t.another() : t.db));
    const replies = await Promise.all(handles.map((db) => place(o, db)));
    const orderNos = new Set(replies.map((r) => r.result.orderNo));
    expect(orderNos.size).toBe(1);
    expect([...orderNos][0]).not.toBeNull();
    expect(replies.every((r) => r.result.confirmationStatus === 'confirmed')).toBe(true);
    expect(replies.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ordersOf(o.basketId)).toBe(1);
    expect(await atProvider(o.orderId)).toEqual({ authorizations: 1, captured: 1, statuses: ['CAPTURED'] });
  });

  it('the same request sent again replays the first reply', async () => {
    const o = await approvedOrder();
    const first = await place(o);
    const again = await place(o);
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual(first.result);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 1, captured: 1 });
  });

  it('declined funding: no order, the stock and the bag as they were, and the bag still pays by card', async () => {
    const before = await onHand();
    const o = await approvedOrder('decline');
    const reply = await place(o);
    expect(reply.status).toBe(402);
    expect(reply.result.confirmationStatus).toBe('failed');
    expect(reply.result.message).toBe(WEB_PAYMENT_MESSAGES.instrument_declined);
    expect(reply.result.basketId).toBe(o.basketId);
    expect(await ordersOf(o.basketId)).toBe(0);
    expect(await onHand()).toBe(before);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0, captured: 0 });
    const byCard = await placeOrder(
      t.db,
      gateway(),
      { bagId: o.basketId, customerId: null, idempotencyKey: `card-after-${o.orderId}`, body: { orderTotal: o.total }, expectedTotal: o.total },
      LEASE_MS,
    );
    expect(byCard.result.confirmationStatus).toBe('confirmed');
  });

  it('a bag that changed since PayPal’s order was made is refused as a changed total, and keeps its card', async () => {
    const o = await approvedOrder();
    await t.db.kysely.updateTable('basket_items').set({ quantity: 2 }).where('basket_id', '=', o.basketId).execute();
    const reply = await place(o);
    expect(reply.status).toBe(409);
    expect(reply.result.message).toBe(ORDER_TOTAL_CHANGED);
    expect(await ordersOf(o.basketId)).toBe(0);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    const card = await t.db.kysely.selectFrom('basket_checkout').select('payment').where('basket_id', '=', o.basketId).executeTakeFirstOrThrow();
    expect(card.payment).not.toBeNull();
  });

  it('another visitor’s return with the order id places nothing', async () => {
    const o = await approvedOrder();
    await expect(place({ ...o, usid: 'someone-else' })).rejects.toBeInstanceOf(ExpressRefused);
    expect(await ordersOf(o.basketId)).toBe(0);
  });

  it('refuses a bag with nothing to pay, and a bag with a perks membership', async () => {
    const bag = await readBasket(t.db.kysely, (await readyBag(t.db, SKU)).basketId);
    expect(expressRefusal({ ...bag, amountDue: 0 })?.message).toBe(NOTHING_TO_PAY);
    const perks = (await readProduct(t.db, 'fb-perks'))!.variants[0]!.id;
    const c = await createCustomer(t.db, { email: `xp.${Date.now()}@example.com`, firstName: 'Ada', lastName: 'Lovelace', password: null });
    const { basketId } = await addItem(t.db, null, { productId: perks, quantity: 1 }, undefined, c.id);
    const created = createExpressOrder(t.db, provider(), {
      bagId: basketId,
      key: placementKey('v', 'k-perks-0123456789'),
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });
    await expect(created).rejects.toMatchObject({ message: EXPRESS_NOT_OFFERED, status: 409 });
  });

  it('a capture that fails after the order is written is taken by recovery, once', async () => {
    const o = await approvedOrder();
    const failing = provider();
    const flaky: WebPaymentProvider = { ...failing, captureAuthorization: async () => ({ ok: false, code: 'timeout' }) };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const reply = await placeExpressOrder(t.db, gateway(), flaky, {
      bagId: o.basketId,
      customerId: null,
      keyPrefix: placementKey(o.usid, ''),
      orderId: o.orderId,
      leaseMs: LEASE_MS,
      fromBag: false,
    });
    logged.mockRestore();
    expect(reply.result.confirmationStatus).toBe('confirmed');
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 1, captured: 0 });
    const later = new Date(Date.now() + 60_000);
    expect(await captureOwedPayments(t.db, provider(), later)).toEqual({ captured: 1, left: 0 });
    expect(await captureOwedPayments(t.db, provider(), later)).toEqual({ captured: 0, left: 0 });
    expect(await atProvider(o.orderId)).toEqual({ authorizations: 1, captured: 1, statuses: ['CAPTURED'] });
  });

  it('an attempt whose process died after authorizing is voided by recovery, and its stock given back', async () => {
    const before = await onHand();
    const o = await approvedOrder();
    const order = await provider().getOrder(o.orderId);
    const request = {
      bagId: o.basketId,
      customerId: null,
      idempotencyKey: order!.reference,
      body: { orderId: o.orderId },
      expectedTotal: o.total,
      expectedAmountDue: order!.amountCents,
      webPayment: { orderId: o.orderId },
    };
    const claimed = await withWriteTransaction(t.db, async (tx) => {
      const claim = await claimBag(t.db, tx, request, requestHash(o.basketId, request.body), 50);
      if (claim.kind !== 'claimed') throw new Error('the bag was not claimed');
      await markClaimed(tx, claim.attemptId, request.bagId, claim.snapshot);
      return claim;
    });
    expect((await webPaymentPayer(provider(), o.orderId).authorize({ amountCents: o.total, reference: claimed.attemptId })).ok).toBe(true);
    const later = new Date(Date.now() + 60_000);
    expect(await recoverAbandonedAttempts(t.db, gateway(), later, () => provider())).toEqual({ recovered: 1, left: 0 });
    expect(await atProvider(o.orderId)).toEqual({ authorizations: 1, captured: 0, statuses: ['VOIDED'] });
    expect(await ordersOf(o.basketId)).toBe(0);
    expect(await onHand()).toBe(before);
  });
});

/**
 * PayPal from the bag, for a shopper who typed nothing: the payer's e-mail and the address they chose at PayPal are
 * the order's, with the bag's shipping method; a total other than the one approved at PayPal (its address taxed) is
 * placed only for the total the store's review showed and the shopper confirmed; an address the bag cannot ship to is
 * named at its field, nothing held.
 */
describe(`PayPal from the bag (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  const PO_BOX_ONLY_NOT = 'ks-6006'; // a boot that ships by ground carrier, never to a P.O. box
  const NOT_TO_CA = 'rm-3001'; // a shell that may not ship to California or New York

  const inStock = async (productId: string) => (await readProduct(t.db, productId))!.variants.find((v) => v.inStock && v.orderable)!.id;

  /** A bag with one line and nothing told to the checkout, its PayPal order approved shipping to `shipTo`. */
  async function bareBagApproved(line: string | LineChoice = SKU, shipTo: SandboxShipTo = 'home', customerId: string | null = null) {
    const choice = typeof line === 'string' ? { productId: line, quantity: 1 } : line;
    const { basketId } = await addItem(t.db, null, choice, undefined, customerId);
    const usid = `bare-${Date.now()}-${visitors++}`;
    const { id } = await createExpressOrder(t.db, provider(), {
      bagId: basketId,
      key: placementKey(usid, 'placement-key-0123456789'),
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });
    expect(await decideOnSandboxOrder(t.db, id, 'approve', shipTo)).toContain(RETURN_URL);
    return { basketId, usid, orderId: id, customerId: customerId ?? undefined };
  }

  const PAYPAL_ADDRESS = {
    firstName: 'Sandy',
    lastName: 'Buyer',
    address1: '1200 Congress Ave',
    address2: 'Apt 4B',
    company: '',
    city: 'Austin',
    stateCode: 'TX',
    postalCode: '78701',
    phone: '(512) 555-0142',
    countryCode: 'US',
  };

  /** The review's refusal for an approved order from the bag: nothing placed, the amount due to show. */
  async function reviewed(o: Awaited<ReturnType<typeof bareBagApproved>>, confirmed: number | null = null) {
    const refused = await place(o, t.db, true, confirmed).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExpressReviewNeeded);
    return refused as ExpressReviewNeeded;
  }

  it('a taxed address at PayPal places nothing and holds nothing until the shopper confirms the total with its tax', async () => {
    const o = await bareBagApproved();
    const approved = (await provider().getOrder(o.orderId))!.amountCents;
    const review = await reviewed(o);
    expect(review.status).toBe(409);
    expect(review.payerEmail).toBe('sandbox.buyer@example.com');
    // Texas taxes the bag once PayPal names the address: the review shows the total with that tax.
    const view = await readCheckoutView(t.db, o.basketId, null);
    expect(view.basket.summary.totalTax).toBeGreaterThan(0);
    expect(review.amountDue).toBe(approved + view.basket.summary.totalTax);
    expect(view).toMatchObject({ email: 'sandbox.buyer@example.com', shippingAddress: PAYPAL_ADDRESS });
    // A reload of the return asks again; PayPal's order keeps the approved amount, nothing authorized.
    expect((await reviewed(o)).amountDue).toBe(review.amountDue);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    expect(await provider().getOrder(o.orderId)).toMatchObject({ status: 'approved', amountCents: approved });
    expect(await ordersOf(o.basketId)).toBe(0);
  });

  it('the confirmed total is placed with PayPal’s e-mail and address, PayPal holding that total, once', async () => {
    const o = await bareBagApproved();
    const { amountDue } = await reviewed(o);
    const reply = await place(o, t.db, true, amountDue);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    const order = await readOrderConfirmation(t.db, reply.result.orderId!);
    expect(order).toMatchObject({ email: 'sandbox.buyer@example.com', shippingAddress: PAYPAL_ADDRESS, delivery: { name: 'Standard Delivery' } });
    expect(order!.summary.orderTotal).toBe(amountDue);
    const held = await t.db.kysely
      .selectFrom('paypal_sandbox_authorizations')
      .select('amount_cents')
      .where('order_id', '=', o.orderId)
      .executeTakeFirstOrThrow();
    expect(held.amount_cents).toBe(amountDue);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 1, captured: 1 });
    // A second press, or a reload of the return, replays the order.
    const again = await place(o, t.db, true, amountDue);
    expect(again.replayed).toBe(true);
    expect(again.result.orderNo).toBe(reply.result.orderNo);
    expect(await ordersOf(o.basketId)).toBe(1);
  });

  it('a total shown before the bag changed again is refused, and the review shows the new total', async () => {
    const o = await bareBagApproved();
    const shown = (await reviewed(o)).amountDue;
    await t.db.kysely.updateTable('basket_items').set({ quantity: 2 }).where('basket_id', '=', o.basketId).execute();
    const again = await reviewed(o, shown);
    expect(again.amountDue).toBe((await readBasket(t.db.kysely, o.basketId)).amountDue);
    expect(again.amountDue).not.toBe(shown);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    expect(await ordersOf(o.basketId)).toBe(0);
    const reply = await place(o, t.db, true, again.amountDue);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed', orderTotal: again.amountDue });
  });

  it('fifty confirmations of the shown total at once: one order and one authorization', async () => {
    const o = await bareBagApproved();
    const { amountDue } = await reviewed(o);
    const handles = Array.from({ length: 50 }, (_, i) => (onPostgres && i % 2 ? t.another() : t.db));
    const replies = await Promise.all(handles.map((db) => place(o, db, true, amountDue)));
    expect(new Set(replies.map((r) => r.result.orderNo)).size).toBe(1);
    expect(replies.every((r) => r.result.confirmationStatus === 'confirmed')).toBe(true);
    expect(replies.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ordersOf(o.basketId)).toBe(1);
    expect(await atProvider(o.orderId)).toEqual({ authorizations: 1, captured: 1, statuses: ['CAPTURED'] });
  });

  it('an address with no sales tax leaves the approved total: the order is placed at once', async () => {
    const o = await bareBagApproved(SKU, 'oregon');
    const approved = (await provider().getOrder(o.orderId))!.amountCents;
    const reply = await place(o, t.db, true);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    const order = await readOrderConfirmation(t.db, reply.result.orderId!);
    expect(order).toMatchObject({ shippingAddress: { city: 'Portland', stateCode: 'OR' }, summary: { totalTax: 0, orderTotal: approved } });
  });

  it('an e-gift card alone, placed from the bag, takes PayPal’s e-mail and no address: the order ships nothing', async () => {
    const o = await bareBagApproved({
      productId: 'egc-3-egc-50',
      quantity: 1,
      giftCardRecipient: 'Ann',
      giftCardSender: 'Bo',
      giftCardRecipientEmail: 'ann@example.com',
    });
    const reply = await place(o, t.db, true);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    expect(await readOrderConfirmation(t.db, reply.result.orderId!)).toMatchObject({
      email: 'sandbox.buyer@example.com',
      shippingAddress: null,
      summary: { isDigitalItemsOnly: true, orderTotal: 5000 },
    });
  });

  it('a signed-in shopper with a saved address, none chosen for the bag, is placed with PayPal’s address', async () => {
    const c = await createCustomer(t.db, { email: `saved.${Date.now()}@example.com`, firstName: 'Ada', lastName: 'Lovelace', password: null });
    await addCustomerData(t.db, c.id, { addresses: [TEST_ADDRESS], cards: [] });
    const o = await bareBagApproved(SKU, 'home', c.id);
    const reply = await place(o, t.db, true, (await reviewed(o)).amountDue);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    expect(await readOrderConfirmation(t.db, reply.result.orderId!)).toMatchObject({
      email: 'sandbox.buyer@example.com',
      shippingAddress: PAYPAL_ADDRESS,
    });
  });

  it('a P.O. box for an item that cannot go to one is named at address line 1; nothing is held and PayPal’s order stays approved', async () => {
    const sku = await inStock(PO_BOX_ONLY_NOT);
    const o = await bareBagApproved(sku, 'poBox');
    expect((await readBasket(t.db.kysely, o.basketId)).lines[0]?.poBoxExcluded).toBe(true);
    const refused = await place(o, t.db, true).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ExpressAddressProblem);
    expect((refused as ExpressAddressProblem).problem).toEqual({
      field: 'address1',
      message: expect.stringContaining('These items cannot be shipped to a P.O. Box.'),
    });
    expect((refused as ExpressAddressProblem).status).toBe(409);
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    expect((await provider().getOrder(o.orderId))?.status).toBe('approved');
    // The e-mail is taken; the address is not, and the bag is not taxed for it.
    const view = await readCheckoutView(t.db, o.basketId, null);
    expect(view).toMatchObject({ email: 'sandbox.buyer@example.com', shippingAddress: null });
    expect(view.basket.summary.totalTax).toBe(0);
    expect(await ordersOf(o.basketId)).toBe(0);
  });

  it('a state the store does not ship to (no tax rate for it) is named at the state, and the bag keeps the state it had', async () => {
    const o = await bareBagApproved();
    const rate = await t.db.kysely.selectFrom('tax_rates').selectAll().where('state_code', '=', 'TX').executeTakeFirstOrThrow();
    await t.db.kysely.deleteFrom('tax_rates').where('state_code', '=', 'TX').execute();
    try {
      const refused = await place(o, t.db, true).catch((e: unknown) => e);
      expect((refused as ExpressAddressProblem).problem).toEqual({ field: 'stateCode', message: 'Please choose a state we ship to.' });
      const bag = await t.db.kysely.selectFrom('baskets').select('shipping_state_code').where('id', '=', o.basketId).executeTakeFirstOrThrow();
      expect(bag.shipping_state_code).not.toBe('TX');
      expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    } finally {
      await t.db.kysely.insertInto('tax_rates').values(rate).execute();
    }
  });

  it('a state an item may not ship to is named at the state', async () => {
    const o = await bareBagApproved(await inStock(NOT_TO_CA), 'california');
    const refused = await place(o, t.db, true).catch((e: unknown) => e);
    expect((refused as ExpressAddressProblem).problem).toEqual({ field: 'stateCode', message: expect.stringContaining('Trail Rain Shell') });
    expect(await atProvider(o.orderId)).toMatchObject({ authorizations: 0 });
    const view = await readCheckoutView(t.db, o.basketId, null);
    expect(view.shippingAddress).toBeNull();
    expect(view.basket.lines.some((l) => l.showRestrictedShippingStateMessage)).toBe(false);
  });

  it('PayPal is kept as the payment while the address is corrected, then placed from the checkout for its new total', async () => {
    const sku = await inStock(PO_BOX_ONLY_NOT);
    const o = await bareBagApproved(sku, 'poBox');
    await expect(place(o, t.db, true)).rejects.toBeInstanceOf(ExpressAddressProblem);
    const kept = await readCheckoutView(t.db, o.basketId, null);
    expect(kept.webPayment).toEqual({
      orderId: o.orderId,
      email: 'sandbox.buyer@example.com',
      address: { ...PAYPAL_ADDRESS, address1: 'PO Box 4521', address2: '', postalCode: '78765' },
      problem: { field: 'address1', message: expect.stringContaining('P.O. Box') },
    });
    await setShippingAddress(t.db, o.basketId, TEST_ADDRESS, null);
    const corrected = await readCheckoutView(t.db, o.basketId, null);
    expect(corrected.webPayment).toMatchObject({ orderId: o.orderId, problem: null });
    // Placed for the amount due the checkout shows beside Place order (taxed for the corrected address).
    const shown = (await readBasket(t.db.kysely, o.basketId)).amountDue;
    const reply = await place(o, t.db, false, shown);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    const order = await readOrderConfirmation(t.db, reply.result.orderId!);
    expect(order).toMatchObject({ email: 'sandbox.buyer@example.com', shippingAddress: TEST_ADDRESS });
    const held = await t.db.kysely
      .selectFrom('paypal_sandbox_authorizations')
      .select('amount_cents')
      .where('order_id', '=', o.orderId)
      .executeTakeFirstOrThrow();
    expect(held.amount_cents).toBe(order!.summary.orderTotal);
  });

  it('PayPal kept as the payment is never held for a total the checkout did not show: a bag grown since is refused, nothing held', async () => {
    const sku = await inStock(PO_BOX_ONLY_NOT);
    const o = await bareBagApproved(sku, 'poBox');
    await expect(place(o, t.db, true)).rejects.toBeInstanceOf(ExpressAddressProblem);
    await setShippingAddress(t.db, o.basketId, TEST_ADDRESS, null);
    const shown = (await readBasket(t.db.kysely, o.basketId)).amountDue;
    // Three more of the item after the checkout showed its total: the total shown no longer stands, nor does none.
    await addItem(t.db, o.basketId, { productId: sku, quantity: 3 });
    const grown = (await readBasket(t.db.kysely, o.basketId)).amountDue;
    expect(grown).toBeGreaterThan(shown);
    for (const confirmed of [shown, null]) {
      const refused = await place(o, t.db, false, confirmed);
      expect(refused.status).toBe(409);
      expect(refused.result).toMatchObject({
        confirmationStatus: 'failed',
        message: 'Your order total has changed. Please review the new total and place your order.',
      });
    }
    const heldBefore = await t.db.kysely
      .selectFrom('paypal_sandbox_authorizations')
      .select('amount_cents')
      .where('order_id', '=', o.orderId)
      .execute();
    expect(heldBefore).toEqual([]);
    // The new total, once shown, is the one placed.
    const reply = await place(o, t.db, false, grown);
    expect(reply.result).toMatchObject({ confirmationStatus: 'confirmed' });
    const held = await t.db.kysely.selectFrom('paypal_sandbox_authorizations').select('amount_cents').where('order_id', '=', o.orderId).execute();
    expect(held).toEqual([{ amount_cents: grown }]);
  });

  it('from the payment step, the checkout’s own address and e-mail stand', async () => {
    const o = await approvedOrder();
    const reply = await place(o, t.db, false);
    expect(await readOrderConfirmation(t.db, reply.result.orderId!)).toMatchObject({ email: 'ada@example.com', shippingAddress: TEST_ADDRESS });
  });
});
