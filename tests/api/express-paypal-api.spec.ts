import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { bestStockedSku, e2eDb } from '../helpers/e2e-db.ts';
import { PAYPAL_HOME } from '../helpers/place-order-http.ts';
import { formatCents } from '#src/lib/money.ts';
import { EXPRESS_TOTAL_CHANGED_AGAIN, EXPRESS_TOTAL_TO_REVIEW } from '#src/lib/checkout/order-messages.ts';

/**
 * PayPal express checkout over HTTP: the store makes PayPal's order for the bag (the sandbox, WEB_PAYMENT=embedded),
 * the shopper approves it on the approval page, and the PUT places our order once, however often it is sent. A bag
 * ready to ship to the address PayPal gives approves its taxed total; a bag with no address approves its total before
 * tax, and the amount due PayPal's address adds tax to is placed only from the review, for the total it showed.
 */
async function ok(res: import('@playwright/test').APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function bagReadyToShip(request: APIRequestContext) {
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add to bag');
  await ok(await request.post('/api/checkout/email', { data: { email: `xp.${randomUUID()}@example.com` } }), 'email');
  await ok(await request.post('/api/checkout/shipping_address/create/', { data: { address: PAYPAL_HOME } }), 'shipping address');
  await ok(await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }), 'shipping method');
  const bag = await ok(await request.get('/api/checkout/basket'), 'bag');
  return bag.body.basket as { basketId: string; orderTotal: number };
}

async function approvedOrder(request: APIRequestContext, baseURL: string, choice: 'approve' | 'decline' = 'approve', shipTo = 'home') {
  const created = await ok(
    await request.post('/api/checkout/paypal/order/', { data: { from: 'bag' }, headers: { 'idempotency-key': `xp-${randomUUID()}` } }),
    'create',
  );
  const id = created.body.id as string;
  const chosen = await request.post(`${baseURL}/sandbox-paypal/checkoutnow?token=${id}`, { form: { choice, shipTo }, maxRedirects: 0 });
  expect(chosen.status()).toBe(303);
  const back = new URL(chosen.headers().location ?? '');
  expect(back.pathname).toBe('/checkout/paypal/return/');
  return { id, payerId: back.searchParams.get('PayerID') ?? '' };
}

test('the PayPal order is made for the bag’s amount due, and an approved order is placed once for any number of requests', async ({
  request,
  baseURL,
}) => {
  const bag = await bagReadyToShip(request);
  const { id, payerId } = await approvedOrder(request, baseURL!);
  const db = e2eDb();
  try {
    const order = await db.kysely.selectFrom('paypal_sandbox_orders').select('amount_cents').where('id', '=', id).executeTakeFirstOrThrow();
    // Nothing else pays this bag: the amount due is its total.
    expect(order.amount_cents).toBe(bag.orderTotal);
    const put = () =>
      request.put('/api/checkout/paypal/order/update/', { data: { basketId: bag.basketId, orderId: id, payerId, checkoutFromCart: true } });
    const replies = await Promise.all(Array.from({ length: 50 }, put));
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(replies.map((r) => r.status())).toEqual(replies.map(() => 200));
    expect(new Set(bodies.map((b) => b.body.orderNo)).size).toBe(1);
    expect(bodies[0].body.confirmationStatus).toBe('confirmed');
    expect(replies.filter((r) => r.headers()['idempotent-replayed'] === 'true')).toHaveLength(49);
    const again = await put();
    expect((await again.json()).body).toEqual(bodies[0].body);
    const auths = await db.kysely.selectFrom('paypal_sandbox_authorizations').select(['status', 'capture_id']).where('order_id', '=', id).execute();
    expect(auths).toHaveLength(1);
    expect(auths[0]).toMatchObject({ status: 'CAPTURED' });
    const orders = await db.kysely.selectFrom('orders').select('id').where('basket_id', '=', bag.basketId).execute();
    expect(orders).toHaveLength(1);
  } finally {
    await db.kysely.destroy();
  }
});

test('declined funding places nothing: the reply carries the message and the bag', async ({ request, baseURL }) => {
  const bag = await bagReadyToShip(request);
  const { id, payerId } = await approvedOrder(request, baseURL!, 'decline');
  const reply = await request.put('/api/checkout/paypal/order/update/', {
    data: { basketId: bag.basketId, orderId: id, payerId, checkoutFromCart: true },
  });
  expect(reply.status()).toBe(402);
  const body = (await reply.json()).body;
  expect(body.confirmationStatus).toBe('failed');
  expect(body.message).toBe('Your PayPal payment method was declined. Please choose another way to pay in PayPal.');
  expect(body.basket.basketId).toBe(bag.basketId);
  const still = await ok(await request.get('/api/checkout/basket'), 'bag');
  expect(still.body.basket.basketId).toBe(bag.basketId);
});

test('a create without an Idempotency-Key is refused', async ({ request }) => {
  await bagReadyToShip(request);
  const res = await request.post('/api/checkout/paypal/order/', { data: { from: 'bag' } });
  expect(res.status()).toBe(400);
});

test('a create with an Idempotency-Key already used for the bag as it was is refused 422 with a message, no second order', async ({ request }) => {
  await bagReadyToShip(request);
  const key = `xp-${randomUUID()}`;
  const create = () => request.post('/api/checkout/paypal/order/', { data: { from: 'bag' }, headers: { 'idempotency-key': key } });
  const first = await ok(await create(), 'create');
  expect(await ok(await create(), 'the same create again')).toEqual(first);
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add another');
  const again = await create();
  expect(again.status()).toBe(422);
  expect(await again.json()).toEqual({ status: 'error', message: 'This idempotency key was already used for a different request.' });
});

test('a create key that placed an order is refused 422 for the next bag, even at the same amount (an address with no sales tax: placed at once)', async ({
  request,
  baseURL,
}) => {
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add to bag');
  const key = `xp-${randomUUID()}`;
  const create = () => request.post('/api/checkout/paypal/order/', { data: { from: 'bag' }, headers: { 'idempotency-key': key } });
  const { id } = (await ok(await create(), 'create')).body;
  const chosen = await request.post(`${baseURL}/sandbox-paypal/checkoutnow?token=${id}`, {
    form: { choice: 'approve', shipTo: 'oregon' },
    maxRedirects: 0,
  });
  expect(chosen.status()).toBe(303);
  const placed = await ok(await request.put('/api/checkout/paypal/order/update/', { data: { orderId: id, checkoutFromCart: true } }), 'place');
  expect(placed.body.confirmationStatus).toBe('confirmed');

  // The next bag holds the same item: PayPal's order for the key would have the same amount, and is paid already.
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add again');
  const again = await create();
  expect(again.status()).toBe(422);
  expect(await again.json()).toEqual({ status: 'error', message: 'This idempotency key was already used for a different request.' });
  expect(
    (
      await ok(
        await request.post('/api/checkout/paypal/order/', { data: { from: 'bag' }, headers: { 'idempotency-key': `xp-${randomUUID()}` } }),
        'a new key',
      )
    ).body.id,
  ).not.toBe(id);
});

const RETURN = '/checkout/paypal/return/';
const heldFor = async (id: string) => {
  const db = e2eDb();
  try {
    return await db.kysely.selectFrom('paypal_sandbox_authorizations').select('amount_cents').where('order_id', '=', id).execute();
  } finally {
    await db.kysely.destroy();
  }
};

test('a bag with nothing told to the checkout, taxed for PayPal’s address, is placed only from the review, for the total it showed', async ({
  request,
  baseURL,
}) => {
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add to bag');
  const { id, payerId } = await approvedOrder(request, baseURL!);
  // PayPal's own buttons place with the PUT: refused, for the store's review.
  const put = await request.put('/api/checkout/paypal/order/update/', { data: { orderId: id, payerId, checkoutFromCart: true } });
  expect(put.status()).toBe(409);
  expect(await put.json()).toEqual({ status: 'error', message: EXPRESS_TOTAL_TO_REVIEW });
  // The return shows the review: the total with Texas's tax, PayPal's payer, and the total its Place order sends.
  const review = await request.get(`${RETURN}?token=${id}&from=bag`);
  expect(review.status()).toBe(200);
  const html = await review.text();
  const bag = (await ok(await request.get('/api/checkout/basket'), 'bag')).body.basket;
  expect(bag.c_summary.totalTax).toBeGreaterThan(0);
  expect(html).toContain('Review your order');
  expect(html).toContain(EXPRESS_TOTAL_TO_REVIEW);
  expect(html).toContain('sandbox.buyer@example.com');
  expect(html).toContain(formatCents(bag.orderTotal));
  expect(html).toContain(`name="amountDue" value="${bag.orderTotal}"`);
  expect(await heldFor(id)).toEqual([]);
  // A Place order posted from another site is not the shopper's: refused at the store's door, nothing held.
  const elsewhere = await request.post(`${RETURN}?token=${id}&from=bag`, {
    form: { amountDue: String(bag.orderTotal) },
    headers: { 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(403);
  expect(await heldFor(id)).toEqual([]);
  // A total other than the bag's amount due is not placed: the review again, saying the total changed.
  const stale = await request.post(`${RETURN}?token=${id}&from=bag`, { form: { amountDue: String(bag.orderTotal - 1) }, maxRedirects: 0 });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain(EXPRESS_TOTAL_CHANGED_AGAIN);
  expect(await heldFor(id)).toEqual([]);
  // Place order, pressed ten times at once: one order, PayPal holding the total shown.
  const presses = await Promise.all(
    Array.from({ length: 10 }, () =>
      request.post(`${RETURN}?token=${id}&from=bag`, { form: { amountDue: String(bag.orderTotal) }, maxRedirects: 0 }),
    ),
  );
  expect(presses.map((r) => r.status())).toEqual(presses.map(() => 303));
  expect(presses.map((r) => r.headers().location)).toEqual(presses.map(() => '/order-confirmation'));
  expect(await heldFor(id)).toEqual([{ amount_cents: bag.orderTotal }]);
  const db = e2eDb();
  try {
    const orders = await db.kysely
      .selectFrom('orders')
      .select(['email', 'shipping_address', 'total_cents'])
      .where('basket_id', '=', bag.basketId)
      .execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ email: 'sandbox.buyer@example.com', total_cents: bag.orderTotal });
    expect(JSON.parse(orders[0]?.shipping_address ?? 'null')).toMatchObject({ address1: '1200 Congress Ave', city: 'Austin', stateCode: 'TX' });
  } finally {
    await db.kysely.destroy();
  }
});

test('PayPal’s address with no sales tax leaves the approved total: the PUT places at once', async ({ request, baseURL }) => {
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add to bag');
  const { id, payerId } = await approvedOrder(request, baseURL!, 'approve', 'oregon');
  const placed = await request.put('/api/checkout/paypal/order/update/', { data: { orderId: id, payerId, checkoutFromCart: true } });
  const body = (await placed.json()).body;
  expect(placed.status(), JSON.stringify(body)).toBe(200);
  expect(body.confirmationStatus).toBe('confirmed');
  expect(await heldFor(id)).toEqual([{ amount_cents: body.orderTotal }]);
});

test('PayPal’s address the bag cannot ship to is refused 409 with its message, nothing held, PayPal kept on the checkout', async ({
  request,
  baseURL,
}) => {
  await ok(await request.post('/api/checkout/product/add_to_cart', { data: { productId: await bestStockedSku('ks-6006'), quantity: 1 } }), 'add');
  const { id, payerId } = await approvedOrder(request, baseURL!, 'approve', 'poBox');
  const placed = await request.put('/api/checkout/paypal/order/update/', { data: { orderId: id, payerId, checkoutFromCart: true } });
  expect(placed.status()).toBe(409);
  expect((await placed.json()).message).toContain('These items cannot be shipped to a P.O. Box.');
  const checkout = (await ok(await request.get('/api/checkout/state'), 'checkout')).body.checkout;
  expect(checkout.c_webPayment).toMatchObject({ orderId: id, email: 'sandbox.buyer@example.com', problem: { field: 'address1' } });
  expect(checkout.shippingAddress).toBeNull();
  const db = e2eDb();
  try {
    expect(await db.kysely.selectFrom('paypal_sandbox_authorizations').select('id').where('order_id', '=', id).execute()).toEqual([]);
  } finally {
    await db.kysely.destroy();
  }
});
