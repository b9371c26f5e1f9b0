import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { openStoreCardAccount } from '#src/server/store-card/accounts.ts';
import { numberHash } from '#src/server/gift-cards/card-numbers.ts';
import { giftCardKey } from '#src/server/gift-cards/gift-card-key.ts';
import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import { METHOD_NOT_OFFERED } from '#src/lib/checkout/payment-methods.ts';
import { STORE_CARD_INSUFFICIENT_CREDIT, STORE_CARD_NOT_VERIFIED } from '#src/lib/store-card/store-card-messages.ts';
import { bestStockedSku, e2eDb } from '../helpers/e2e-db.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';
import { storeCardNumber } from '../helpers/store-card-fixtures.ts';

/**
 * The store card over HTTP: its number is taken at the payment step with no expiry and no security code, verified by
 * the billing ZIP code (an unknown number and a wrong ZIP get the same reply), and the order holds its total against
 * the available credit; too little credit is refused at the payment step with the card's available credit, and at
 * Place Order with the store card message when the credit dropped in between; a brand that does not offer the store card
 * refuses it; a signed-in holder's saved instruments show the card with c_otb and c_rewards.
 */
let n = 0;
const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.91.${n++ & 255}.${Math.floor(Math.random() * 250)}` } });

async function ok(res: APIResponse) {
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).body;
}

async function openAccount(limitCents: number, customerId: string | null = null, points = 0) {
  const number = storeCardNumber();
  const db = e2eDb();
  try {
    await openStoreCardAccount(db, {
      number,
      customerId,
      firstName: 'Ann',
      lastName: 'Lee',
      billingPostalCode: SHIP_TO.postalCode,
      creditLimitCents: limitCents,
      points,
    });
  } finally {
    await db.kysely.destroy();
  }
  return number;
}

async function bagToPay(r: APIRequestContext, productId = 'fb-1001-blk-M', guest = true) {
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } }));
  if (guest) await ok(await r.post('/api/checkout/email/', { data: { email: `plcc.${randomUUID().slice(0, 8)}@example.com` } }));
  await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }));
  await ok(await r.post('/api/checkout/shipping_method', { data: { shippingMethodId: 'Regular', confirm: true } }));
}

const pay = (r: APIRequestContext, data: Record<string, unknown>) =>
  r.post('/api/checkout/payment_method/update/', { data: { billingSameAsShipping: true, ...data } });
const place = (r: APIRequestContext, orderTotal: number) =>
  r.post('/api/checkout/payment_place_order/create/', { data: { orderTotal }, headers: { 'idempotency-key': `plcc-${randomUUID()}` } });

test('a guest pays with a store card number alone: no expiry, no security code, the total held against the credit', async ({
  playwright,
  baseURL,
}) => {
  const number = await openAccount(500_00);
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r);
  const paid = await pay(r, { storeCard: { number: number.replace(/(\d{4})(?=\d)/g, '$1 ') } });
  const { checkout } = await ok(paid);
  expect(checkout.payment).toMatchObject({ cardType: PLCC_TYPE, last4: number.slice(-4), isExpired: false });
  expect(checkout.c_applicablePaymentMethods).toContain('plcc');
  const placed = await place(r, checkout.basket.orderTotal);
  expect((await ok(placed)).confirmationStatus).toBe('confirmed');
  // The number is in no reply and in none of the rows the payment and the order wrote: only its hash and last four.
  for (const reply of [paid, placed]) expect(await reply.text()).not.toContain(number);
  const db = e2eDb();
  try {
    for (const table of ['basket_checkout', 'checkout_attempts', 'orders', 'store_card_accounts', 'store_card_ledger'] as const) {
      expect(JSON.stringify(await db.kysely.selectFrom(table).selectAll().execute()), table).not.toContain(number);
    }
  } finally {
    await db.kysely.destroy();
  }
  await r.dispose();
});

test('an unknown number and a known number with another billing ZIP get the same refusal', async ({ playwright, baseURL }) => {
  const number = await openAccount(500_00);
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r);
  const elsewhere = { ...SHIP_TO, postalCode: '94105', city: 'San Francisco', stateCode: 'CA', address1: '1 Market St' };
  const wrongZip = await pay(r, { storeCard: { number }, billingSameAsShipping: false, billingAddress: elsewhere });
  const unknown = await pay(r, { storeCard: { number: storeCardNumber() } });
  expect(wrongZip.status()).toBe(400);
  expect(unknown.status()).toBe(400);
  expect(await wrongZip.json()).toEqual(await unknown.json());
  expect((await unknown.json()).message).toBe(STORE_CARD_NOT_VERIFIED);
  await r.dispose();
});

test('a store card with less credit than is left to pay is refused at the payment step, with its available credit', async ({
  playwright,
  baseURL,
}) => {
  const number = await openAccount(1_00);
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r);
  const { checkout } = await ok(await r.get('/api/checkout/state'));
  const refused = await pay(r, { storeCard: { number } });
  expect(refused.status()).toBe(422);
  const due = `$${(checkout.basket.orderTotal / 100).toFixed(2)}`;
  expect((await refused.json()).message).toBe(
    `Store card ending in ${number.slice(-4)} has $1.00 available credit, less than the ${due} left to pay. Please choose another payment method.`,
  );
  await r.dispose();
});

test('a store card whose credit drops below the order after the payment step is refused at Place Order with the store card message', async ({
  playwright,
  baseURL,
}) => {
  const number = await openAccount(500_00);
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r);
  const { checkout } = await ok(await pay(r, { storeCard: { number } }));
  const db = e2eDb();
  try {
    const hash = numberHash(await giftCardKey(db.kysely), number);
    await db.kysely.updateTable('store_card_accounts').set({ credit_limit_cents: 1_00 }).where('number_hash', '=', hash).execute();
  } finally {
    await db.kysely.destroy();
  }
  const refused = await place(r, checkout.basket.orderTotal);
  expect(refused.status()).toBe(402);
  const body = (await refused.json()).body;
  expect(body.confirmationStatus).toBe('failed');
  expect(body.message).toBe(STORE_CARD_INSUFFICIENT_CREDIT);
  await r.dispose();
});

test('a brand that does not offer the store card refuses it at payment and does not list it', async ({ playwright, baseURL }) => {
  const sku = await bestStockedSku('ks-6001');
  const number = await openAccount(500_00);
  const r = await visitor(playwright, baseURL!);
  await bagToPay(r, sku);
  const refused = await pay(r, { storeCard: { number } });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe(METHOD_NOT_OFFERED);
  const { checkout } = await ok(await r.get('/api/checkout/state'));
  expect(checkout.c_applicablePaymentMethods).not.toContain('plcc');
  expect(checkout.c_applicablePaymentMethods).toContain('creditCard');
  await r.dispose();
});

test("a signed-in holder's saved instruments list their store card with its available credit and points, and it pays", async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL!);
  const reg = await ok(
    await r.post('/api/global/register', {
      data: { firstName: 'Ann', lastName: 'Lee', email: `holder.${randomUUID().slice(0, 8)}@example.com`, password: 'secret123' },
    }),
  );
  const number = await openAccount(300_00, reg.token.customer_id as string, 420);
  await bagToPay(r, 'fb-1001-blk-M', false);
  const saved = await ok(await r.post('/api/checkout/payment_method/read/', { data: {} }));
  const card = saved.find((c: { cardType: string }) => c.cardType === PLCC_TYPE);
  expect(card).toMatchObject({ c_otb: 300_00, c_rewards: 420, c_plccAccountNumber: `************${number.slice(-4)}`, isExpired: false });
  const { checkout } = await ok(await pay(r, { paymentInstrumentId: card.paymentInstrumentId }));
  expect(checkout.payment).toMatchObject({ cardType: PLCC_TYPE, last4: number.slice(-4) });
  expect((await ok(await place(r, checkout.basket.orderTotal))).confirmationStatus).toBe('confirmed');
  const after = await ok(await r.post('/api/checkout/payment_method/read/', { data: {} }));
  expect(after.find((c: { cardType: string }) => c.cardType === PLCC_TYPE).c_otb).toBe(300_00 - checkout.basket.orderTotal);
  const me = await ok(await r.get('/api/global/me'));
  expect(me.c_customerPlccInfo).toEqual({ isPLCCHolder: 'Y', firstName: 'Ann', otb: 300_00 - checkout.basket.orderTotal, rewards: 420 });
  await r.dispose();
});

test('the membership is not paid with the saved store card: choosing it is refused with the new-card message', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  const reg = await ok(
    await r.post('/api/global/register', {
      data: { firstName: 'Ann', lastName: 'Lee', email: `perks.holder.${randomUUID().slice(0, 8)}@example.com`, password: 'secret123' },
    }),
  );
  await openAccount(300_00, reg.token.customer_id as string);
  await bagToPay(r, 'fb-1001-blk-M', false);
  const membership = (await ok(await r.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } }))).variants[0].id;
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: membership, quantity: 1 } }));
  const saved = await ok(await r.post('/api/checkout/payment_method/read/', { data: {} }));
  const card = saved.find((c: { cardType: string }) => c.cardType === PLCC_TYPE);
  const refused = await pay(r, { paymentInstrumentId: card.paymentInstrumentId });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ status: 'error', message: 'A membership is paid with a new card. Please enter your card.' });
  await r.dispose();
});
