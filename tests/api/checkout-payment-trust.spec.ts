import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { CARD_NUMBER_IN_TEXT } from '#src/lib/no-card-number.ts';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * What the store believes about a payment, over HTTP: the card on an order is the gateway's record of the token, not
 * the client's claim; a token pays once; a saved card pays with its security code, which the gateway checks; and no
 * free-text field keeps a card number. Each test is its own visitor.
 */
let n = 0;
const clientAddress = () => `10.${(Date.now() >> 8) & 255}.${n++ & 255}.${Math.floor(Math.random() * 250)}`;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;

const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });

async function ok(res: APIResponse) {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).body;
}

async function tokenize(r: APIRequestContext, number = '4242424242424242', name = 'Ada Lovelace'): Promise<string> {
  const res = await r.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: {
      'card[number]': number,
      'card[exp_month]': '11',
      'card[exp_year]': '2035',
      'card[cvc]': number.startsWith('37') ? '1234' : '123',
      'card[name]': name,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).id;
}

/** A bag with e-mail (guests), address and a confirmed method: ready for its payment step. */
async function bagToPay(r: APIRequestContext, guest = true) {
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } }));
  if (guest) await ok(await r.post('/api/checkout/email/', { data: { email: uniqueEmail('pay') } }));
  await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: TEST_ADDRESS } }));
  await ok(await r.post('/api/checkout/shipping_method', { data: { shippingMethodId: 'Regular', confirm: true } }));
}

const pay = (r: APIRequestContext, data: Record<string, unknown>) =>
  r.post('/api/checkout/payment_method/update/', { data: { billingSameAsShipping: true, ...data } });

const place = (r: APIRequestContext, orderTotal: number, extra: Record<string, unknown> = {}, path = '/api/checkout/payment_place_order/create/') =>
  r.post(path, { data: { orderTotal, ...extra }, headers: { 'idempotency-key': `trust-${randomUUID()}` } });

test("the order's card is the gateway's record of the token: a client's claim of another card is refused", async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r);
  const token = await tokenize(r);
  const claimed = await pay(r, { card: { token, cardType: 'American Express', last4: '0005', expMonth: 1, expYear: 2099, holder: 'Someone Else' } });
  expect(claimed.status()).toBe(400);
  expect((await claimed.json()).message).toBe('Send the card as its token only.');

  const { checkout } = await ok(await pay(r, { card: { token } }));
  expect(checkout.payment).toMatchObject({ cardType: 'Visa', last4: '4242', expMonth: 11, expYear: 2035, holder: 'Ada Lovelace' });
  const placed = await ok(await place(r, checkout.basket.orderTotal));
  expect(placed.confirmationStatus).toBe('confirmed');
  const { order } = await ok(await r.post('/api/order-confirmation/order', { data: {} }));
  expect(order.payment).toEqual({ method: 'credit card', cardType: 'Visa', last4: '4242' });
  await r.dispose();
});

test('a token pays once: after its order, the same token is refused in another visitor’s checkout', async ({ playwright, baseURL }) => {
  const first = await visitor(playwright, baseURL!);
  await bagToPay(first);
  const token = await tokenize(first);
  const { checkout } = await ok(await pay(first, { card: { token } }));
  expect((await ok(await place(first, checkout.basket.orderTotal))).confirmationStatus).toBe('confirmed');

  const second = await visitor(playwright, baseURL!);
  await bagToPay(second);
  const reused = await pay(second, { card: { token } });
  expect(reused.status()).toBe(400);
  expect((await reused.json()).message).toBe('We could not read this card. Please enter it again.');
  await Promise.all([first.dispose(), second.dispose()]);
});

test('two bags holding one token: the first placement spends it, the second is refused and asked for the card again', async ({
  playwright,
  baseURL,
}) => {
  const a = await visitor(playwright, baseURL!);
  const b = await visitor(playwright, baseURL!);
  await bagToPay(a);
  await bagToPay(b);
  const token = await tokenize(a);
  const totalA = (await ok(await pay(a, { card: { token } }))).checkout.basket.orderTotal;
  const totalB = (await ok(await pay(b, { card: { token } }))).checkout.basket.orderTotal;
  expect((await ok(await place(a, totalA))).confirmationStatus).toBe('confirmed');
  const refused = await place(b, totalB);
  expect(refused.status()).toBe(402);
  expect((await refused.json()).message).toBe('This card entry has already been used. Please enter your card again.');
  const after = (await ok(await b.get('/api/checkout/state'))).checkout;
  expect(after.payment).toBeNull();
  expect(after._flash.map((f: { type: string }) => f.type)).toContain('PaymentInstrumentRequired');
  await Promise.all([a.dispose(), b.dispose()]);
});

test('a saved card is kept as a reusable payment method and pays with its security code, which the gateway checks', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  await ok(
    await r.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('saved'), password: 'secret123' } }),
  );
  await bagToPay(r, false);
  // The card just typed pays this order (no code asked again) and is kept for next time.
  const { checkout } = await ok(await pay(r, { card: { token: await tokenize(r) }, save_credit_card: true }));
  expect((await ok(await place(r, checkout.basket.orderTotal))).confirmationStatus).toBe('confirmed');

  // The saved card pays again, order after order (its token was spent by the first order).
  for (let order = 1; order <= 2; order++) {
    await bagToPay(r, false);
    const [saved] = await ok(await r.post('/api/checkout/payment_method/read/', { data: {} }));
    expect(saved).toMatchObject({ cardType: 'Visa', last4: '4242', holder: 'Ada Lovelace' });
    const chosen = (await ok(await pay(r, { paymentInstrumentId: saved.paymentInstrumentId }))).checkout;
    const placeSaved = (code?: string) =>
      place(
        r,
        chosen.basket.orderTotal,
        code === undefined ? {} : { security_code: code, isBillingSameAsShipping: true },
        '/api/checkout/place_order/',
      );

    const none = await placeSaved();
    expect(none.status()).toBe(400);
    expect((await none.json()).message).toBe('Security code is required');
    const tooLong = await placeSaved('1234');
    expect(tooLong.status(), 'a Visa code is three digits').toBe(400);
    expect((await tooLong.json()).message).toBe('Please enter a valid security code');
    // The sandbox's documented wrong code: declined by the gateway with its message; the card stays on the bag.
    const wrong = await placeSaved('999');
    expect(wrong.status()).toBe(402);
    expect((await wrong.json()).message).toBe("Your card's security code is incorrect.");
    expect((await ok(await r.get('/api/checkout/state'))).checkout.payment).toMatchObject({ savedCardId: saved.paymentInstrumentId });
    const right = await placeSaved('123');
    expect((await ok(right)).confirmationStatus, `order ${order}`).toBe('confirmed');
  }
  await r.dispose();
});

test('no free-text field keeps a card number: names, address lines and gift card fields refuse one', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } }));
  const pan = '4242 4242 4242 4242';
  for (const field of ['address1', 'address2', 'company']) {
    const res = await r.post('/api/checkout/shipping_address/create/', {
      data: { address: { ...TEST_ADDRESS, [field]: `${field === 'address1' ? 'A ' : ''}${pan}` } },
    });
    expect(res.status(), field).toBe(400);
    expect((await res.json()).message, field).toBe(CARD_NUMBER_IN_TEXT);
  }
  for (const field of ['giftMessage', 'c_giftCardSender', 'c_giftCardRecipient']) {
    const res = await r.post('/api/checkout/product/add_to_cart', {
      data: {
        productId: 'egc-3-egc-25',
        quantity: 1,
        c_giftCardRecipient: 'Sam',
        c_giftCardSender: 'Alex',
        c_giftCardRecipientEmail: 'sam@example.com',
        [field]: `Card ${pan}`,
      },
    });
    expect(res.status(), field).toBe(400);
    expect((await res.json()).message, field).toBe(CARD_NUMBER_IN_TEXT);
  }
  // A name on card is the gateway's; the sandbox refuses a number there at tokenization, with the provider's words.
  const named = await r.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: { 'card[number]': '4242424242424242', 'card[exp_month]': '11', 'card[exp_year]': '2035', 'card[cvc]': '123', 'card[name]': pan },
  });
  expect(named.status()).toBe(400);
  const db = e2eDb();
  try {
    const kept = await db.kysely.selectFrom('basket_checkout').select('shipping_address').where('shipping_address', 'like', '%4242%').execute();
    expect(kept).toEqual([]);
  } finally {
    await db.kysely.destroy();
  }
  await r.dispose();
});
