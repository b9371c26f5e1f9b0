import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPaypalMount, SANDBOX_PAYPAL_PATH } from '#src/server/payments/paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';
import { databaseOrderIndex } from '#src/server/payments/paypal/order-index.ts';
import { paypalWebPayment } from '#src/server/payments/paypal/paypal-web-payment.ts';
import { totalCents, type AmountBreakdown } from '#src/server/payments/web-payment-amounts.ts';
import { WebPaymentRequestConflict, type CreatedOrder, type WebPaymentProvider } from '#src/server/payments/web-payment.ts';
import { SANDBOX_PAYER, SANDBOX_SHIP_TO, type SandboxShipTo } from '#src/server/payments/paypal-sandbox/sandbox-buyer.ts';
import { freshDb } from '../helpers/db.ts';
import { inPayPalShapes, startPayPalStandIn } from '../helpers/paypal-stand-in.ts';

/**
 * One contract, two web payment providers: the embedded PayPal sandbox (its approval page served over HTTP by its
 * mount, its records in the test database: SQLite, or PostgreSQL when DATABASE_URL is set) and the PayPal adapter on
 * PayPal's SDK against a local stand-in answering in PayPal's shapes (its order index in the same database).
 */
const TIMEOUT_MS = 20_000;
type Choice = 'approve' | 'decline' | 'cancel';

interface Subject {
  provider: WebPaymentProvider;
  /** The provider as another app instance has it (and as a restarted process has it after a crash). */
  secondInstance: WebPaymentProvider;
  /** The shopper's choice on the provider's page, paying as the sandbox's test buyer and shipping to one of its addresses. */
  choose(order: CreatedOrder, choice: Choice, shipTo?: SandboxShipTo): Promise<void>;
  /** How many simultaneous duplicates the provider asked to retry later (PayPal's PREVIOUS_REQUEST_IN_PROGRESS). */
  retriesAsked?: () => number;
  close(): Promise<void>;
}

const RETURN_URL = 'http://127.0.0.1:4321/checkout/paypal/return';
const CANCEL_URL = 'http://127.0.0.1:4321/checkout/paypal/cancel';

async function sandboxSubject(): Promise<Subject> {
  const testDb = await freshDb({ seed: false });
  const mount = sandboxPaypalMount(async () => testDb.db, true);
  const server = http.createServer((req, res) => {
    if (!mount(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const approvalBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SANDBOX_PAYPAL_PATH}`;
  const second = testDb.another();
  return {
    provider: sandboxWebPayment({ database: async () => testDb.db, approvalBase, timeoutMs: TIMEOUT_MS }),
    secondInstance: sandboxWebPayment({ database: async () => second, approvalBase, timeoutMs: TIMEOUT_MS }),
    async choose(order, choice, shipTo = 'home') {
      const page = await fetch(order.approvalUrl);
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const label of ['Approve and pay', 'Pay with a declined card', 'Cancel and return to the store', SANDBOX_PAYER.email])
        expect(html).toContain(label);
      const answer = await fetch(order.approvalUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ choice, shipTo }),
        redirect: 'manual',
      });
      expect(answer.status).toBe(303);
      const back = new URL(answer.headers.get('location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(choice === 'cancel' ? CANCEL_URL : RETURN_URL);
      expect(back.searchParams.get('token')).toBe(order.orderId);
      if (choice !== 'cancel') expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await testDb.cleanup();
    },
  };
}

async function paypalSubject(): Promise<Subject> {
  const testDb = await freshDb({ seed: false });
  const standIn = await startPayPalStandIn();
  const second = testDb.another();
  const make = (database: () => Promise<typeof second>) =>
    paypalWebPayment({
      clientId: standIn.clientId,
      clientSecret: standIn.clientSecret,
      environment: 'sandbox',
      baseUrl: standIn.baseUrl,
      timeoutMs: TIMEOUT_MS,
      index: databaseOrderIndex(database),
    });
  return {
    provider: make(async () => testDb.db),
    secondInstance: make(async () => second),
    async choose(order, choice, shipTo = 'home') {
      expect(new URL(order.approvalUrl).searchParams.get('token')).toBe(order.orderId);
      if (choice !== 'cancel') standIn.approve(order.orderId, { declined: choice === 'decline', buyer: inPayPalShapes(shipTo) });
    },
    retriesAsked: standIn.conflictsAnswered,
    async close() {
      await standIn.close();
      await testDb.cleanup();
    },
  };
}

let count = 0;
const newKey = () => `place-${process.pid}-${Date.now()}-${++count}`;
const BREAKDOWN: AmountBreakdown = { itemTotalCents: 12_998, shippingCents: 895, taxCents: 1_137, handlingCents: 299, discountCents: 2_600 };

describe.each([
  ['the embedded PayPal sandbox', sandboxSubject],
  ['the PayPal adapter (against a stand-in)', paypalSubject],
])('%s', (_name, start) => {
  let s: Subject;
  beforeAll(async () => {
    s = await start();
  });
  afterAll(() => s.close());

  async function created(reference = newKey(), breakdown = BREAKDOWN) {
    const order = await s.provider.createOrder({
      breakdown,
      currency: 'USD',
      reference,
      requestId: `${reference}:create`,
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });
    return { reference, order };
  }

  it('creates an order for the breakdown total, approved on its page, authorized, then captured', async () => {
    const { reference, order } = await created();
    expect(order.orderId).toMatch(/^[A-Z0-9]{17}$/);
    expect(await s.provider.getOrder(order.orderId)).toEqual({
      orderId: order.orderId,
      reference,
      amountCents: totalCents(BREAKDOWN),
      status: 'created',
      authorization: null,
      payer: null,
      shipping: null,
      approvalUrl: order.approvalUrl,
    });
    await s.choose(order, 'approve');
    expect((await s.provider.getOrder(order.orderId))?.status).toBe('approved');
    const authorized = await s.provider.authorizeOrder(order.orderId, reference);
    if (!authorized.ok) throw new Error(`not authorized: ${authorized.code}`);
    expect(await s.provider.getOrder(order.orderId)).toMatchObject({
      status: 'authorized',
      authorization: { authorizationId: authorized.authorizationId, status: 'authorized' },
    });
    const captured = await s.provider.captureAuthorization(authorized.authorizationId, reference);
    expect(captured).toMatchObject({ ok: true, captureId: expect.stringMatching(/^[A-Z0-9]{17}$/) });
    expect(await s.provider.findByReference(reference)).toEqual([
      {
        orderId: order.orderId,
        reference,
        amountCents: 12_729,
        status: 'captured',
        authorization: { authorizationId: authorized.authorizationId, status: 'captured' },
        payer: SANDBOX_PAYER,
        shipping: SANDBOX_SHIP_TO.home,
        approvalUrl: null,
      },
    ]);
  });

  it('once approved, the order names its payer and the address the payer chose, as GET order returns them', async () => {
    const { order } = await created();
    await s.choose(order, 'approve', 'poBox');
    expect(await s.provider.getOrder(order.orderId)).toMatchObject({
      status: 'approved',
      approvalUrl: null,
      payer: { email: 'sandbox.buyer@example.com', firstName: 'Sandy', lastName: 'Buyer', phone: '5125550142' },
      shipping: {
        fullName: 'Sandy Buyer',
        address1: 'PO Box 4521',
        address2: '',
        city: 'Austin',
        state: 'TX',
        postalCode: '78765',
        countryCode: 'US',
      },
    });
  });

  it('an approved order’s amount is replaced before it is authorized, and the hold is for the new amount; not after', async () => {
    const { reference, order } = await created();
    await s.choose(order, 'approve');
    const taxed: AmountBreakdown = { ...BREAKDOWN, taxCents: BREAKDOWN.taxCents + 100 };
    expect(await s.provider.updateAmount(order.orderId, taxed)).toBe(true);
    expect(await s.provider.getOrder(order.orderId)).toMatchObject({ status: 'approved', amountCents: 12_829 });
    const authorized = await s.provider.authorizeOrder(order.orderId, reference);
    expect(authorized).toMatchObject({ ok: true });
    expect(await s.provider.updateAmount(order.orderId, BREAKDOWN)).toBe(false);
    expect(await s.provider.getOrder(order.orderId)).toMatchObject({ status: 'authorized', amountCents: 12_829 });
    expect(await s.provider.updateAmount('0ABCDEFGHJKLMNPRS', BREAKDOWN)).toBe(false);
  });

  it('a replay of each call answers its first result; another capture of a captured hold is refused as already captured', async () => {
    const { reference, order } = await created();
    const again = await s.secondInstance.createOrder({
      breakdown: BREAKDOWN,
      currency: 'USD',
      reference,
      requestId: `${reference}:create`,
      returnUrl: RETURN_URL,
      cancelUrl: CANCEL_URL,
    });
    expect(again).toEqual(order);
    await s.choose(order, 'approve');
    const first = await s.provider.authorizeOrder(order.orderId, reference);
    expect(await s.secondInstance.authorizeOrder(order.orderId, reference)).toEqual(first);
    // Another request to authorize an authorized order answers its one authorization (ORDER_ALREADY_AUTHORIZED).
    expect(await s.provider.authorizeOrder(order.orderId, `${reference}-other`)).toEqual(first);
    if (!first.ok) throw new Error('not authorized');
    const capture = await s.provider.captureAuthorization(first.authorizationId, reference);
    expect(await s.secondInstance.captureAuthorization(first.authorizationId, reference)).toEqual(capture);
    expect(await s.provider.captureAuthorization(first.authorizationId, `${reference}-other`)).toEqual({ ok: false, code: 'already_captured' });
    expect(await s.provider.voidAuthorization(first.authorizationId)).toBe('captured');
    expect(await s.provider.findByReference(reference)).toHaveLength(1);
  });

  it('a declined funding source is refused as INSTRUMENT_DECLINED; the shopper chooses again and the next request authorizes', async () => {
    const { reference, order } = await created();
    await s.choose(order, 'decline');
    const refused = await s.provider.authorizeOrder(order.orderId, `${reference}:1`);
    expect(refused).toEqual({
      ok: false,
      code: 'instrument_declined',
      message: 'Your PayPal payment method was declined. Please choose another way to pay in PayPal.',
    });
    expect(await s.provider.authorizeOrder(order.orderId, `${reference}:1`)).toEqual(refused);
    // The shopper is sent back to the order's own approval page to choose again.
    expect(await s.provider.getOrder(order.orderId)).toMatchObject({ status: 'created', authorization: null, approvalUrl: order.approvalUrl });
    await s.choose(order, 'approve');
    expect(await s.provider.authorizeOrder(order.orderId, `${reference}:2`)).toMatchObject({ ok: true });
  });

  it('an order the shopper cancelled is not approved: authorize refuses it and holds nothing', async () => {
    const { reference, order } = await created();
    await s.choose(order, 'cancel');
    expect(await s.provider.authorizeOrder(order.orderId, reference)).toEqual({
      ok: false,
      code: 'not_approved',
      message: 'The PayPal payment was not completed. Please try again.',
    });
    expect(await s.provider.findByReference(reference)).toMatchObject([{ status: 'created', authorization: null }]);
  });

  it('50 concurrent authorize-then-capture calls for one order with one request id, from two instances, make one capture', async () => {
    const { reference, order } = await created();
    await s.choose(order, 'approve');
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const p = i % 2 ? s.secondInstance : s.provider;
        const authorized = await p.authorizeOrder(order.orderId, reference);
        if (!authorized.ok) return { authorized, captured: null };
        return { authorized, captured: await p.captureAuthorization(authorized.authorizationId, reference) };
      }),
    );
    const first = results[0];
    expect(first?.captured).toMatchObject({ ok: true });
    // PayPal refuses a duplicate while its first request is in progress; the adapter asks again until it is answered.
    if (s.retriesAsked) expect(s.retriesAsked()).toBeGreaterThan(0);
    for (const r of results) expect(r).toEqual(first);
    expect(await s.provider.findByReference(reference)).toMatchObject([{ status: 'captured' }]);
  });

  it('after a crash between authorize and capture, the order is found by reference with its live hold, and voided', async () => {
    const { reference, order } = await created();
    await s.choose(order, 'approve');
    const authorized = await s.provider.authorizeOrder(order.orderId, reference);
    if (!authorized.ok) throw new Error('not authorized');
    const found = await s.secondInstance.findByReference(reference);
    expect(found).toEqual([
      {
        orderId: order.orderId,
        reference,
        amountCents: totalCents(BREAKDOWN),
        status: 'authorized',
        authorization: { authorizationId: authorized.authorizationId, status: 'authorized' },
        payer: SANDBOX_PAYER,
        shipping: SANDBOX_SHIP_TO.home,
        approvalUrl: null,
      },
    ]);
    expect(await s.secondInstance.voidAuthorization(authorized.authorizationId)).toBe('voided');
    expect(await s.secondInstance.voidAuthorization(authorized.authorizationId)).toBe('voided');
    expect(await s.provider.captureAuthorization(authorized.authorizationId, reference)).toEqual({ ok: false, code: 'voided' });
    expect(await s.provider.findByReference(reference)).toMatchObject([{ status: 'voided', authorization: { status: 'voided' } }]);
  });

  it('refuses a breakdown that is not whole cents or totals zero, making no order', async () => {
    const reference = newKey();
    const ask = (breakdown: AmountBreakdown) =>
      s.provider.createOrder({ breakdown, currency: 'USD', reference, requestId: newKey(), returnUrl: RETURN_URL, cancelUrl: CANCEL_URL });
    await expect(ask({ ...BREAKDOWN, taxCents: 10.5 })).rejects.toBeInstanceOf(RangeError);
    await expect(ask({ ...BREAKDOWN, discountCents: totalCents(BREAKDOWN) + BREAKDOWN.discountCents })).rejects.toBeInstanceOf(RangeError);
    expect(await s.provider.findByReference(reference)).toEqual([]);
  });

  it('knows no unknown order, and finds nothing under an unused reference', async () => {
    expect(await s.provider.getOrder('0ABCDEFGHJKLMNPRS')).toBeNull();
    expect(await s.provider.authorizeOrder('0ABCDEFGHJKLMNPRS', newKey())).toMatchObject({ ok: false, code: 'not_found' });
    expect(await s.provider.findByReference(newKey())).toEqual([]);
  });

  it('a create request id reused for another amount is refused, not a second order', async () => {
    const { reference } = await created();
    await expect(
      s.provider.createOrder({
        breakdown: { ...BREAKDOWN, itemTotalCents: BREAKDOWN.itemTotalCents + 100 },
        currency: 'USD',
        reference,
        requestId: `${reference}:create`,
        returnUrl: RETURN_URL,
        cancelUrl: CANCEL_URL,
      }),
    ).rejects.toBeInstanceOf(WebPaymentRequestConflict);
    expect(await s.provider.findByReference(reference)).toHaveLength(1);
  });
});
