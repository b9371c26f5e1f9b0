import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { giveTryOutRewards } from '#src/server/rewards/try-out.ts';
import { CERTIFICATE_INVALID, SIGN_IN_FOR_CODE } from '#src/lib/promo-code.ts';
import { RETAILER_REWARD_AS_CERTIFICATE } from '#src/lib/tenders/tender-split.ts';
import { bestStockedSku, e2eDb } from '../helpers/e2e-db.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * Reward certificates and brand rewards as payment over HTTP: a certificate from the code field (a guest is asked to
 * sign in, someone else's is the one refusal), rewards offered by GET /api/checkout/rewards and applied through
 * basket/update with rewardBrand, each shown masked or by programme with what it pays.
 */
const APPLY = '/api/checkout/basket/update/';
let n = 0;
const visitor = (playwright: { request: APIRequest }, baseURL: string | undefined) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.93.${(Date.now() >> 8) & 255}.${n++ & 255}` } });

async function ok(res: APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** Registers a signed-in account with a bag of one line, and gives it the try-out rewards (npm run rewards). */
async function member(r: APIRequestContext, productId = 'fb-1002-olv-M') {
  const email = `rewards.api.${randomUUID().slice(0, 8)}@example.com`;
  await ok(await r.post('/api/global/register', { data: { firstName: 'Rae', lastName: 'Wards', email, password: 'secret123' } }), 'register');
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId, quantity: 1 } }), 'add');
  await ok(await r.post('/api/checkout/email', { data: { email } }), 'email');
  await ok(await r.post('/api/checkout/shipping_address/create/', { data: { address: SHIP_TO } }), 'address');
  const db = e2eDb();
  try {
    const certificates = await giveTryOutRewards(db, email);
    if (!certificates) throw new Error('the account was not found');
    return { email, certificates };
  } finally {
    await db.kysely.destroy();
  }
}

test('a guest entering a certificate is asked to sign in to use it', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL);
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add');
  const res = await r.post(APPLY, { data: { code: `X${'4'.repeat(18)}`, pageType: 'checkout' } });
  expect(res.status()).toBe(422);
  expect((await res.json()).message).toBe(SIGN_IN_FOR_CODE);
});

test("a signed-in shopper's certificate pays first, masked; someone else's is 'Invalid certificate number'", async ({ playwright, baseURL }) => {
  const owner = await visitor(playwright, baseURL);
  const other = await visitor(playwright, baseURL);
  const { certificates } = await member(owner);
  await member(other);
  const certificate = certificates[0]!;
  const refused = await other.post(APPLY, { data: { code: certificate.number, pageType: 'checkout' } });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).message).toBe(CERTIFICATE_INVALID);

  // The checkout spec's own field for a certificate's number.
  const applied = await ok(await owner.post(APPLY, { data: { rewardCertificateNumber: certificate.number, pageType: 'checkout' } }), 'apply');
  const basket = applied.body.basket;
  expect(basket.paymentInstruments).toEqual([
    {
      paymentInstrumentId: applied.body.paymentInstrumentId,
      paymentMethodId: certificate.kind,
      c_giftCardNumber: null,
      c_rewardCertNumber: `•••• ${certificate.last4}`,
      rewardCertificateNumber: `•••• ${certificate.last4}`,
      amount: certificate.amountCents,
    },
  ]);
  expect(JSON.stringify(applied)).not.toContain(certificate.number);
  expect(basket.c_summary.rewardsApplied).toBe(certificate.amountCents);
  expect(basket.c_summary.amountDue).toBe(basket.orderTotal - certificate.amountCents);
});

test('a retailer card reward number is answered that card rewards come as certificates', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL);
  await member(r);
  const res = await r.post(APPLY, { data: { code: `RW${'7'.repeat(14)}`, pageType: 'cart' } });
  expect(res.status()).toBe(422);
  expect((await res.json()).message).toBe(RETAILER_REWARD_AS_CERTIFICATE);
});

test('rewards are offered to a member by brand and applied with rewardBrand; the offer goes once they are applied', async ({
  playwright,
  baseURL,
}) => {
  const r = await visitor(playwright, baseURL);
  await member(r);
  const offers = (await ok(await r.get('/api/checkout/rewards'), 'offers')).body.rewards;
  // The bag holds an fb line: ELQ's brand, not Dia's.
  expect(offers).toEqual([
    {
      applicableRewards: 2500,
      totalRewards: 2500,
      paymentMethodId: 'FB_REWARD_DOLLAR',
      rewardsType: 'elqRewards',
      rewardBrand: 'zq',
      label: 'ELQ Rewards',
    },
  ]);
  const applied = await ok(await r.post(APPLY, { data: { rewardBrand: 'zq', pageType: 'checkout' } }), 'apply rewards');
  expect(applied.body.basket.paymentInstruments).toMatchObject([{ paymentMethodId: 'FB_REWARD_DOLLAR', amount: 2500 }]);
  expect(applied.body.basket.c_summary.elqRewardsApplied).toBe(2500);
  expect((await ok(await r.get('/api/checkout/rewards'), 'offers after')).body.rewards).toEqual([]);
  const again = await r.post(APPLY, { data: { rewardBrand: 'zq', pageType: 'checkout' } });
  expect(again.status()).toBe(409);
});

test('a guest is offered no rewards', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL);
  await ok(await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1002-olv-M', quantity: 1 } }), 'add');
  expect((await ok(await r.get('/api/checkout/rewards'), 'offers')).body.rewards).toEqual([]);
});

test('a certificate is refused for a bag whose brand does not offer rewards as payment (Kestrel), naming the brand, and no rewards are offered for it', async ({
  playwright,
  baseURL,
}) => {
  const sku = await bestStockedSku('ks-6001');
  const r = await visitor(playwright, baseURL);
  const { certificates } = await member(r, sku);
  // A Dia member with $25.00 of rewards, and Kestrel is a Dia brand: applying them would be refused, so none is offered.
  expect((await ok(await r.get('/api/checkout/rewards'), 'offers')).body.rewards).toEqual([]);
  const res = await r.post(APPLY, { data: { code: certificates[0]!.number, pageType: 'checkout' } });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({ status: 'error', message: "Rewards and certificates can't be used with Kestrel Shoe Co. items." });
  const state = await ok(await r.get('/api/checkout/state'), 'state');
  expect(state.body.checkout.basket.paymentInstruments ?? []).toEqual([]);
  expect(state.body.checkout.c_applicablePaymentMethods).not.toContain('rewards');
  await r.dispose();
});

test("a programme's rewards on a bag without its brands are refused, naming them", async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL);
  await member(r);
  // The bag holds a Fernbrook line: an ELQ brand, none of Dia's.
  const res = await r.post(APPLY, { data: { rewardBrand: 'dia', pageType: 'checkout' } });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({
    status: 'error',
    message: 'Dia Shop Rewards can be used only with June Lane, Bayhollow or Kestrel Shoe Co. items.',
  });
  expect((await ok(await r.get('/api/checkout/basket'), 'bag')).body.basket.paymentInstruments).toEqual([]);
  await r.dispose();
});
