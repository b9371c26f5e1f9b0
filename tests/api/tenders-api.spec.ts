import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';
import { issuedCard } from '../helpers/gift-card-http.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * Gift cards as payment over HTTP: applied through basket/update with giftCardPin and removed through basket/delete
 * with paymentInstrumentId; a bag they pay in full is placed through place_order with no card (and refused by
 * payment_place_order/create); with a card, the card is charged what the server says is left, whatever the client sends.
 */
const APPLY = '/api/checkout/basket/update/';
const REMOVE = '/api/checkout/basket/delete/';

/** A client of its own address, so one test's wrong PINs do not count against another's. */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined): Promise<APIRequestContext> =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });

async function ok(res: APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** A bag ready for payment: a line, e-mail, address and method. */
async function readyBag(r: APIRequestContext) {
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add');
  await ok(await r.post('/api/checkout/email', { data: { email: `tender-${randomUUID().slice(0, 8)}@example.com` } }), 'email');
  await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }), 'address');
  const chosen = await ok(await r.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Regular', confirm: true } }), 'method');
  return chosen;
}

async function addCard(r: APIRequestContext) {
  const token = await ok(
    await r.post('/sandbox-gateway/v1/tokens', {
      headers: { authorization: 'Bearer pk_test_sandbox' },
      form: {
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getFullYear() + 2),
        'card[cvc]': '123',
        'card[name]': 'Ann Lee',
      },
    }),
    'tokenize',
  );
  return ok(await r.post('/api/checkout/payment_method/update/', { data: { card: { token: token.id }, billingSameAsShipping: true } }), 'payment');
}

const bagOf = async (r: APIRequestContext) => (await ok(await r.get('/api/checkout/basket'), 'bag')).body.basket;
const place = (r: APIRequestContext, path: string, data: unknown) => r.post(path, { headers: { 'idempotency-key': randomUUID() }, data });

test('a gift card is applied with its PIN, shown masked with what it pays (as gitfCardNumber too, spelled so), and removed by its paymentInstrumentId', async ({
  playwright,
  baseURL,
}) => {
  const r = await client(playwright, baseURL);
  await readyBag(r);
  const card = await issuedCard(1000);
  const res = await r.post(APPLY, { data: { gitfCardNumber: card.number, giftCardPin: card.pin, pageType: 'checkout' } });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  expect(text).not.toContain(card.number);
  const { body } = JSON.parse(text);
  expect(body.message).toBe('Code applied successfully');
  expect(body.basket.paymentInstruments).toEqual([
    {
      paymentInstrumentId: body.paymentInstrumentId,
      paymentMethodId: 'SVS_GIFT_CARD',
      c_giftCardNumber: `•••• ${card.last4}`,
      gitfCardNumber: `•••• ${card.last4}`,
      amount: 1000,
      c_balanceLeft: 0,
    },
  ]);
  expect(body.basket.c_summary).toMatchObject({ giftCardsApplied: 1000, amountDue: body.basket.orderTotal - 1000 });

  const again = await r.post(APPLY, { data: { code: card.number, giftCardPin: card.pin } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This gift card is already applied to your order.');

  const removed = await ok(await r.delete(REMOVE, { data: { paymentInstrumentId: body.paymentInstrumentId } }), 'remove');
  expect(removed.body.basket.paymentInstruments).toEqual([]);
  expect(removed.body.basket.c_summary.giftCardsApplied).toBeUndefined();
  expect((await r.delete(REMOVE, { data: { paymentInstrumentId: body.paymentInstrumentId } })).status()).toBe(404);
  await r.dispose();
});

test('a wrong PIN and a number the store never issued get the same answer, and nothing is applied', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  await readyBag(r);
  const card = await issuedCard(500);
  const wrongPin = await r.post(APPLY, { data: { code: card.number, giftCardPin: String((Number(card.pin) + 1) % 10_000).padStart(4, '0') } });
  const unknown = await r.post(APPLY, { data: { code: `${card.number.slice(0, 18)}${(Number(card.number[18]) + 1) % 10}`, giftCardPin: card.pin } });
  expect(wrongPin.status()).toBe(400);
  expect(await wrongPin.text()).toBe(await unknown.text());
  expect((await wrongPin.json()).message).toBe('The gift card number or PIN is incorrect.');
  expect((await bagOf(r)).paymentInstruments).toEqual([]);
  await r.dispose();
});

test('a bag a gift card pays in full is placed through place_order with no card; payment_place_order/create refuses it', async ({
  playwright,
  baseURL,
}) => {
  const r = await client(playwright, baseURL);
  await readyBag(r);
  const total: number = (await bagOf(r)).orderTotal;
  const card = await issuedCard(total + 250);
  await ok(await r.post(APPLY, { data: { code: card.number, giftCardPin: card.pin } }), 'apply');
  const paid = await place(r, '/api/checkout/payment_place_order/create/', { orderTotal: total, amountDue: 0 });
  expect(paid.status()).toBe(400);
  const placed = await ok(await place(r, '/api/checkout/place_order/', { orderTotal: total, amountDue: 0 }), 'place');
  expect(placed.body.confirmationStatus).toBe('confirmed');
  const balance = await ok(
    await r.post('/api/checkout/gift_card/balance', { data: { gitfCardNumber: card.number, giftCardPin: card.pin } }),
    'balance',
  );
  expect(balance.body.balance).toBe(250);
  const order = (await ok(await r.post('/api/order-confirmation/order', { data: {} }), 'confirmation')).body.order;
  expect(order.summary).toMatchObject({ giftCardsApplied: total, amountDue: 0, orderTotal: total });
  // The confirmation names the gift card with what it paid and what it keeps, and no card.
  expect(order.payments).toEqual([{ label: `Gift card •••• ${card.last4}`, amount: total, balanceLeft: 250 }]);
  expect(order.payment).toBeNull();
  await r.dispose();
});

test('what the client says is due never changes what the card is charged', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  await readyBag(r);
  await addCard(r);
  const card = await issuedCard(1500);
  await ok(await r.post(APPLY, { data: { code: card.number, giftCardPin: card.pin } }), 'apply');
  const bag = await bagOf(r);
  const due: number = bag.c_summary.amountDue;
  expect(due).toBe(bag.orderTotal - 1500);
  // A smaller remainder (or none) from the client: refused, nothing debited.
  for (const amountDue of [1, 0]) {
    const path = amountDue > 0 ? '/api/checkout/payment_place_order/create/' : '/api/checkout/place_order/';
    const refused = await place(r, path, { orderTotal: bag.orderTotal, amountDue });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).message).toBe('Your order total has changed. Please select a payment method to place your order.');
    await addCard(r);
  }
  const placed = await ok(await place(r, '/api/checkout/payment_place_order/create/', { orderTotal: bag.orderTotal, amountDue: due }), 'place');
  const db = e2eDb();
  try {
    const order = await db.kysely.selectFrom('orders').select('attempt_id').where('id', '=', placed.body.orderId).executeTakeFirstOrThrow();
    const held = await db.kysely
      .selectFrom('payment_sandbox_authorizations')
      .select(['amount_cents', 'status'])
      .where('reference', '=', order.attempt_id!)
      .execute();
    expect(held).toEqual([{ amount_cents: due, status: 'authorized' }]);
    const tenders = await db.kysely.selectFrom('order_tenders').select('amount_cents').where('order_id', '=', placed.body.orderId).execute();
    expect(tenders).toEqual([{ amount_cents: 1500 }]);
  } finally {
    await db.kysely.destroy();
  }
  // The confirmation's total is the whole total; the gift card and the card follow it, each with what it paid.
  const order = (await ok(await r.post('/api/order-confirmation/order', { data: {} }), 'confirmation')).body.order;
  expect(order.summary.orderTotal).toBe(bag.orderTotal);
  expect(order.payments).toEqual([
    { label: `Gift card •••• ${card.last4}`, amount: 1500, balanceLeft: 0 },
    { label: 'Visa ending in 4242', amount: due, balanceLeft: null },
  ]);
  await r.dispose();
});

test('gift cards do not buy gift cards: refused on a bag of only gift cards, and at placement once the merchandise is gone', async ({
  playwright,
  baseURL,
}) => {
  const r = await client(playwright, baseURL);
  const eGift = {
    productId: 'egc-3-egc-25',
    quantity: 1,
    c_giftCardRecipient: 'Ann',
    c_giftCardSender: 'Bo',
    c_giftCardRecipientEmail: 'ann@example.com',
  };
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: eGift }), 'add e-gift card');
  const card = await issuedCard(100_000);
  const refused = await r.post(APPLY, { data: { code: card.number, giftCardPin: card.pin, pageType: 'checkout' } });
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ status: 'error', message: "Gift cards can't be used to buy gift cards." });
  expect((await bagOf(r)).paymentInstruments).toEqual([]);

  // Beside merchandise the card is taken, and pays all but the e-gift card.
  const ready = await readyBag(r);
  const merchandiseLine = ready.body.basket.productItems.find((l: { productId: string }) => l.productId === 'fb-1002-olv-M');
  const applied = await ok(await r.post(APPLY, { data: { code: card.number, giftCardPin: card.pin } }), 'apply');
  expect(applied.body.message).toBe('Code applied successfully. Your card pays for the gift cards.');
  expect(applied.body.basket.c_summary.amountDue).toBe(2500);
  await ok(await r.delete('/api/checkout/basket/delete/deleteBasketItem/', { data: { itemId: merchandiseLine.itemId } }), 'remove the merchandise');
  const bag = await bagOf(r);
  const placed = await place(r, '/api/checkout/payment_place_order/create/', { orderTotal: bag.orderTotal, amountDue: bag.c_summary.amountDue });
  expect(placed.status()).toBe(422);
  expect((await placed.json()).message).toBe("Gift cards can't be used to buy gift cards.");
  await r.dispose();
});
