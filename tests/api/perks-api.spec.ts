import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { alreadyMemberMessage } from '#src/lib/perks/perks-texts.ts';
import { MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';
import { SHIP_TO } from '../helpers/place-order-http.ts';

/**
 * The perks membership through HTTP: subscriptionStatus answers the shopper's membership, an order holding the
 * membership makes its shopper a member, and a member's add of it again is refused with the date it runs to.
 */
let n = 0;
const address = () => `10.91.${(Date.now() >> 8) & 255}.${n++ & 255}`;
const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address() } });
const status = async (r: APIRequestContext) => (await (await r.post('/api/checkout/subscriptionStatus')).json()).body.subscriptionStatus;

async function ok(res: APIResponse, what: string) {
  expect(res.status(), `${what}: ${await res.text()}`).toBe(200);
  return res.json();
}

async function membershipSku(r: APIRequestContext): Promise<string> {
  return (await ok(await r.post('/api/checkout/product/read', { data: { productId: 'fb-perks' } }), 'product')).body.variants[0].id;
}

/** Registers (signed in), then joins: the membership in the bag, paid with a new card, placed. */
async function join(r: APIRequestContext, sku: string): Promise<{ customerId: string }> {
  const email = `perks.api.${Date.now().toString(36)}.${n++}@example.com`;
  const registered = await ok(
    await r.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lee', email, password: 'secret123' } }),
    'register',
  );
  const customerId: string = registered.body.profileData.customerNo;
  await ok(
    await r.post('/api/checkout/product/add_to_cart', { data: { productId: sku, quantity: 1, checkIfAlreadyMember: true, email, customerId } }),
    'add',
  );
  await ok(await r.post('/api/checkout/email', { data: { email } }), 'email');
  const token = await ok(
    await r.post('/sandbox-gateway/v1/tokens', {
      headers: { authorization: 'Bearer pk_test_sandbox' },
      form: {
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getFullYear() + 2),
        'card[cvc]': '123',
        'card[name]': 'Ada Lee',
      },
    }),
    'tokenize',
  );
  const paid = await ok(
    await r.post('/api/checkout/payment_method/update/', {
      data: { card: { token: token.id }, billingSameAsShipping: false, billingAddress: SHIP_TO },
    }),
    'payment',
  );
  const placed = await ok(
    await r.post('/api/checkout/payment_place_order/create/', {
      headers: { 'idempotency-key': randomUUID() },
      data: { orderTotal: paid.body.checkout.basket.c_summary.orderTotal },
    }),
    'place order',
  );
  expect(placed.body.confirmationStatus).toBe('confirmed');
  return { customerId };
}

test('subscriptionStatus: a guest and a new account are not members; an order holding the membership makes one', async ({ playwright, baseURL }) => {
  const guest = await visitor(playwright, baseURL!);
  expect(await status(guest)).toEqual({ isMember: false, programmeName: null, endsAt: null });

  const shopper = await visitor(playwright, baseURL!);
  const sku = await membershipSku(shopper);
  await join(shopper, sku);
  const member = await status(shopper);
  expect(member).toMatchObject({ isMember: true, programmeName: 'Fernbrook Perks' });
  const yearAway = Date.parse(member.endsAt) - Date.now();
  expect(yearAway).toBeGreaterThan(364 * 86_400_000);
  expect(yearAway).toBeLessThan(367 * 86_400_000);
  await Promise.all([guest.dispose(), shopper.dispose()]);
});

test("a member's add of the membership is refused with the date it runs to; an add for another account is refused", async ({
  playwright,
  baseURL,
}) => {
  const shopper = await visitor(playwright, baseURL!);
  const sku = await membershipSku(shopper);
  const { customerId } = await join(shopper, sku);
  const { endsAt } = await status(shopper);

  const again = await shopper.post('/api/checkout/product/add_to_cart', {
    data: { productId: sku, quantity: 1, checkIfAlreadyMember: true, customerId },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe(alreadyMemberMessage(endsAt));

  const other = await shopper.post('/api/checkout/product/add_to_cart', { data: { productId: sku, quantity: 1, customerId: 'another-account' } });
  expect(other.status()).toBe(401);
  expect((await other.json()).message).toBe(MEMBERSHIP_NEEDS_SIGN_IN);
  await shopper.dispose();
});
