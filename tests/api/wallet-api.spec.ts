import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * The wallet's endpoints under /api/checkout/applepay/ over HTTP with the embedded merchant validator: merchant
 * validation for Apple's validation URLs only, the payment request priced by the server (version 3, US, USD), and a
 * shipping method picked on the sheet becoming the bag's with new totals. A perks item and a missing bag are refused.
 */
const TEE = 'fb-1002-olv-M';
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/paymentSession';

const addTee = (request: APIRequestContext) => request.post('/api/checkout/product/add_to_cart', { data: { productId: TEE, quantity: 1 } });

test('merchant validation answers a session for an Apple validation URL and refuses any other address', async ({ request }) => {
  const noBag = await request.post('/api/checkout/applepay/validation', { data: { validationURL: VALIDATION_URL } });
  expect(noBag.status()).toBe(409);
  await addTee(request);
  const ok = await request.post('/api/checkout/applepay/validation', { data: { validationURL: VALIDATION_URL } });
  expect(ok.status()).toBe(200);
  const session = (await ok.json()).body.merchantSession;
  expect(session.expiresAt - session.epochTimestamp).toBe(5 * 60_000);
  expect(session.domainName).toBe(new URL(ok.url()).hostname);
  expect(session.merchantSessionIdentifier).toMatch(/^\w{16,}$/);
  for (const validationURL of [
    'https://attacker.example/paymentservices/paymentSession',
    'http://127.0.0.1:4321/',
    'https://169.254.169.254/latest/meta-data',
  ]) {
    const r = await request.post('/api/checkout/applepay/validation', { data: { validationURL } });
    expect(r.status()).toBe(400);
    expect(await r.json()).toEqual({ status: 'error', message: 'This is not an Apple Pay validation address.' });
  }
  for (const bad of [{}, { validationURL: '' }, { validationURL: 7 }]) {
    expect((await request.post('/api/checkout/applepay/validation', { data: bad })).status()).toBe(400);
  }
});

test("the payment request carries the server's total, line items and priced shipping methods", async ({ request }) => {
  expect((await request.post('/api/checkout/applepay/requestapi')).status()).toBe(409);
  await addTee(request);
  const bag = (await (await request.get('/api/checkout/basket')).json()).body.basket;
  const r = await request.post('/api/checkout/applepay/requestapi');
  expect(r.status()).toBe(200);
  const { version, paymentRequest } = (await r.json()).body;
  expect(version).toBe(3);
  expect(paymentRequest).toMatchObject({ countryCode: 'US', currencyCode: 'USD', merchantCapabilities: ['supports3DS'] });
  expect(paymentRequest.total).toEqual({ label: 'Seven Brands', amount: (bag.c_summary.orderTotal / 100).toFixed(2), type: 'final' });
  const sum = paymentRequest.lineItems.reduce((cents: number, l: { amount: string }) => cents + Math.round(Number(l.amount) * 100), 0);
  expect(sum).toBe(bag.c_summary.orderTotal);
  const methods = (await (await request.get('/api/checkout/shipping_methods')).json()).body;
  expect(paymentRequest.shippingMethods.map((m: { identifier: string }) => m.identifier).sort()).toEqual(
    methods.applicableShippingMethods.map((m: { id: string }) => m.id).sort(),
  );
});

test('a shipping method picked on the sheet becomes the bag’s and answers new totals; an unknown one is refused', async ({ request }) => {
  await addTee(request);
  const before = (await (await request.post('/api/checkout/applepay/requestapi')).json()).body.paymentRequest;
  const express = before.shippingMethods.find((m: { identifier: string }) => m.identifier === 'Express');
  const r = await request.post('/api/checkout/applepay/shipping_method', { data: { identifier: 'Express' } });
  expect(r.status()).toBe(200);
  const after = (await r.json()).body;
  expect(after.shippingMethods[0].identifier).toBe('Express');
  expect(after.lineItems.find((l: { label: string }) => l.label === 'Shipping & Handling').amount).toBe(express.amount);
  const bag = (await (await request.get('/api/checkout/basket')).json()).body.basket;
  expect(after.total.amount).toBe((bag.c_summary.orderTotal / 100).toFixed(2));
  const unknown = await request.post('/api/checkout/applepay/shipping_method', { data: { identifier: 'Teleport' } });
  expect(unknown.status()).toBe(400);
  expect((await unknown.json()).message).toBe('This shipping method is not available for your bag.');
});

test('a bag holding a perks membership is refused the wallet', async ({ request }) => {
  const email = `wallet.api.${Date.now().toString(36)}@example.com`;
  const registered = await request.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lee', email, password: 'secret123' } });
  const customerId: string = (await registered.json()).body.profileData.customerNo;
  const sku = (await (await request.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } })).json()).body.variants[0].id;
  await addTee(request);
  const added = await request.post('/api/checkout/product/add_to_cart', {
    data: { productId: sku, quantity: 1, checkIfAlreadyMember: true, email, customerId },
  });
  expect(added.status()).toBe(200);
  for (const path of ['requestapi', 'validation']) {
    const r = await request.post(`/api/checkout/applepay/${path}`, { data: { validationURL: VALIDATION_URL } });
    expect(r.status()).toBe(422);
    expect((await r.json()).message).toBe('Apple Pay is not available for a perks membership. Please pay by card.');
  }
});
