import { expect, test, type APIRequestContext } from '@playwright/test';
import { walletContact } from '../helpers/wallet-contact.ts';

/**
 * Apple Pay's shipping contact and payment over HTTP: a contact priced for its state without changing the bag, or
 * answered with ApplePayErrors for an address the store does not serve; the authorized payment placed once per
 * Idempotency-Key (a replay says so), its merchant session good for one payment.
 */
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession';
const CONTACT = walletContact('ada.api@example.com');

const addTee = (request: APIRequestContext) =>
  request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } });
const bagOf = async (request: APIRequestContext) => (await (await request.get('/api/checkout/basket')).json()).body.basket;

async function sheetPayment(request: APIRequestContext) {
  const session = (await (await request.post('/api/checkout/applepay/validation', { data: { validationURL: VALIDATION_URL } })).json()).body
    .merchantSession;
  const token = await request.post('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: { 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': '2034', 'card[cvc]': '123', 'card[name]': 'Ada Lovelace' },
  });
  const priced = await request.post('/api/checkout/applepay/shipping_address', { data: { shippingContact: { ...CONTACT, givenName: undefined } } });
  const total: string = (await priced.json()).body.total.amount;
  return {
    amountDue: Math.round(Number(total) * 100),
    payment: {
      token: {
        paymentData: { version: 'sandbox', cardToken: (await token.json()).id, merchantSessionIdentifier: session.merchantSessionIdentifier },
      },
      shippingContact: CONTACT,
      billingContact: CONTACT,
    },
  };
}

test('a shipping contact is priced for its state without changing the bag; an unserved one gets ApplePayErrors', async ({ request }) => {
  await addTee(request);
  const before = await bagOf(request);
  const priced = await request.post('/api/checkout/applepay/shipping_address', {
    data: { shippingContact: { countryCode: 'US', administrativeArea: 'Illinois', locality: 'Springfield', postalCode: '62701' } },
  });
  expect(priced.status()).toBe(200);
  const body = (await priced.json()).body;
  expect(body.errors).toEqual([]);
  expect(Number(body.lineItems.find((l: { label: string }) => l.label === 'Estimated Tax').amount)).toBeGreaterThan(0);
  expect(body.shippingMethods.length).toBeGreaterThan(0);
  expect((await bagOf(request)).c_summary).toEqual(before.c_summary);

  const abroad = await request.post('/api/checkout/applepay/shipping_address', {
    data: { shippingContact: { countryCode: 'FR', postalCode: '75001' } },
  });
  expect((await abroad.json()).body.errors).toEqual([
    { code: 'addressUnserviceable', contactField: 'countryCode', message: 'We ship to the United States only' },
  ]);
  const badZip = await request.post('/api/checkout/applepay/shipping_address', {
    data: { shippingContact: { countryCode: 'US', administrativeArea: 'IL', postalCode: '00000' } },
  });
  expect((await badZip.json()).body.errors).toEqual([
    { code: 'shippingContactInvalid', contactField: 'postalCode', message: 'Enter a valid ZIP code' },
  ]);
});

test('the payment places one order per Idempotency-Key, replays it, and its session pays once', async ({ request }) => {
  await addTee(request);
  const data = await sheetPayment(request);
  const noKey = await request.post('/api/checkout/applepay/authorize', { data });
  expect(noKey.status()).toBe(400);
  const headers = { 'idempotency-key': `wallet-api-${Date.now()}-0123456789` };
  const first = await request.post('/api/checkout/applepay/authorize', { data, headers });
  expect(first.status(), await first.text()).toBe(200);
  const placed = (await first.json()).body;
  expect(placed).toMatchObject({ confirmationStatus: 'confirmed', message: null, errors: [] });
  expect(placed.orderNo).toMatch(/\S/);
  const again = await request.post('/api/checkout/applepay/authorize', { data, headers });
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect((await again.json()).body).toEqual(placed);

  await addTee(request);
  const reused = await request.post('/api/checkout/applepay/authorize', {
    data: { ...data, amountDue: (await sheetPayment(request)).amountDue },
    headers: { 'idempotency-key': `wallet-api-reuse-${Date.now()}-0123456789` },
  });
  expect(reused.status()).toBe(409);
  expect((await reused.json()).message).toBe('This Apple Pay payment has expired or was already used. Please start Apple Pay again.');
});

test('a contact the address form refuses answers its field errors and places nothing', async ({ request }) => {
  await addTee(request);
  const data = await sheetPayment(request);
  const bad = { ...data, payment: { ...data.payment, shippingContact: { ...CONTACT, phoneNumber: '123' } } };
  const r = await request.post('/api/checkout/applepay/authorize', {
    data: bad,
    headers: { 'idempotency-key': `wallet-api-bad-${Date.now()}-0123456789` },
  });
  expect(r.status()).toBe(400);
  expect((await r.json()).body.errors).toEqual([
    { code: 'shippingContactInvalid', contactField: 'phoneNumber', message: 'Enter a valid mobile phone number' },
  ]);
  expect((await bagOf(request)).productItems).toHaveLength(1);
});
