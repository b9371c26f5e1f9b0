import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test';

/**
 * Request data the store must not trust: names that every plain object has, media types
 * that only mention JSON, e-mail addresses with markup in them, an empty gift message once the box is ticked, a
 * promotion's text that must match the rule the bag keeps, and personal pages that a cache must never keep.
 */
let n = 0;
const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.88.${n++ & 255}.${Math.floor(Math.random() * 250)}` } });
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

test('a size-guide cid that names an object property is an unknown size guide (404), not an empty success', async ({ request }) => {
  for (const cid of PROTOTYPE_KEYS) {
    const res = await request.post('/api/global/sfcc/read', { data: { controller: 'SizeGuide-Show', query: `cid=${cid}` } });
    expect(res.status(), cid).toBe(404);
    expect(await res.json(), cid).toEqual({ status: 'error', message: 'There is no size guide for this product.' });
  }
  const known = await request.post('/api/global/sfcc/read', { data: { controller: 'SizeGuide-Show', query: 'cid=size-chart-top' } });
  expect((await known.json()).body).toContain('<table>');
});

test('recommendation criteria that name an object property get the default set', async ({ request }) => {
  const fallback = (await (await request.post('/api/global/recommendations', { data: { criteria: 'anything-else', limit: 4 } })).json()).body;
  expect(fallback.headline).toBe('Popular right now');
  for (const criteria of PROTOTYPE_KEYS) {
    const res = await request.post('/api/global/recommendations', { data: { criteria, limit: 4 } });
    expect(res.status(), criteria).toBe(200);
    expect((await res.json()).body, criteria).toEqual({ ...fallback, criteria });
  }
});

test('only a JSON media type is read as JSON: a parameter that mentions it, or another charset, is 415', async ({ playwright, baseURL }) => {
  const request = await visitor(playwright, baseURL!);
  const data = JSON.stringify({ skuId: 'fb-1006-olv-M', emailId: 'media.type@example.com' });
  for (const type of [
    'text/plain; x=application/json',
    'text/plain;application/json',
    'application/json-patch+json',
    'application/jsonx',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/json, text/plain',
  ]) {
    const res = await request.post('/api/pdp/joinWaitlist', { headers: { 'content-type': type }, data });
    expect(res.status(), type).toBe(415);
    expect((await res.json()).message, type).toMatch(/application\/json/);
  }
  for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/json;charset="utf-8"', ' application/json ']) {
    const res = await request.post('/api/pdp/joinWaitlist', { headers: { 'content-type': type }, data });
    expect(res.status(), type).toBe(200);
  }
  await request.dispose();
});

test('the waitlist takes only an e-mail address the one e-mail rule accepts', async ({ playwright, baseURL }) => {
  const request = await visitor(playwright, baseURL!);
  for (const emailId of ['x<a@b.co', 'a>b@example.com', '"a b"@example.com', 'a@b.c', 'a@-b.com', 'a@b..co', 'a b@example.com']) {
    const res = await request.post('/api/pdp/joinWaitlist', { data: { skuId: 'fb-1006-olv-M', emailId } });
    expect(res.status(), emailId).toBe(400);
    expect(await res.json(), emailId).toEqual({ status: 'error', message: 'Valid email is required' });
  }
  for (const emailId of ["o'brien+shoes@mail.example.com", 'A.B-C@Example.co.uk']) {
    expect((await request.post('/api/pdp/joinWaitlist', { data: { skuId: 'fb-1006-olv-M', emailId } })).status(), emailId).toBe(200);
  }
  await request.dispose();
});

test("an e-gift card's recipient e-mail follows the same rule", async ({ request }) => {
  const res = await request.post('/api/checkout/product/add_to_cart', {
    data: { productId: 'egc-3-egc-50', c_giftCardRecipient: 'Sam', c_giftCardSender: 'Alex', c_giftCardRecipientEmail: 'x<a@b.co' },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe('Valid email is required');
});

test('a ticked gift message box with an empty message is refused with the field message', async ({ request }) => {
  for (const giftMessage of ['', '   ']) {
    const res = await request.post('/api/checkout/product/add_to_cart', {
      data: { productId: 'gc-2-gc-25', c_giftCardRecipient: 'Sam', c_giftCardSender: 'Alex', giftMessage },
    });
    expect(res.status(), JSON.stringify(giftMessage)).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message: 'Please add a message' });
  }
  // Without the box ticked the message is not sent, and the card is added.
  const ok = await request.post('/api/checkout/product/add_to_cart', {
    data: { productId: 'gc-2-gc-25', c_giftCardRecipient: 'Sam', c_giftCardSender: 'Alex' },
  });
  expect(ok.status()).toBe(200);
});

test("SAVE15's text says what the bag does: it combines with another code", async ({ request }) => {
  await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'ww-2001-ivr-M', quantity: 1 } });
  await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'jl-4001-cor-8', quantity: 1 } });
  expect((await request.post('/api/checkout/basket/update/', { data: { code: 'SAVE15' } })).status()).toBe(200);
  const both = await request.post('/api/checkout/basket/update/', { data: { code: 'DRESS10' } });
  expect(both.status()).toBe(200);
  const coupons = (await both.json()).body.basket.couponItems as { code: string; statusCode: string }[];
  expect(coupons.map((c) => [c.code, c.statusCode])).toEqual([
    ['SAVE15', 'applied'],
    ['DRESS10', 'applied'],
  ]);

  const details = (await (await request.post('/api/checkout/promotions/read', { data: { promotionId: 'ww-save15' } })).json()).body.details as string;
  expect(details).not.toMatch(/one code per order/i);
  expect(details).toMatch(/combine/i);
});

// /checkout is a static shell (the island reads the checkout through the API), so it is not among them.
const PERSONAL_PAGES = ['/my-account', '/wishlist', '/orders', '/myelqrewards', '/reset-password', '/register', '/cart'];

async function expectPrivate(r: APIRequestContext, who: string) {
  for (const path of PERSONAL_PAGES) {
    const res = await r.get(path, { maxRedirects: 0 });
    expect(res.status(), `${who} ${path}`).toBeLessThan(400);
    expect(res.headers()['cache-control'], `${who} ${path} (${res.status()})`).toBe('private, no-store');
  }
}

test('every personal page, and its redirect, is private, no-store: for a guest and for a signed-in customer', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  await expectPrivate(r, 'guest');
  await r.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } });
  await expectPrivate(r, 'guest with a bag');
  const email = `private.${Date.now().toString(36)}.${n++}@example.com`;
  expect((await r.post('/api/global/register', { data: { firstName: 'Pri', lastName: 'Vate', email, password: 'secret123' } })).status()).toBe(200);
  await expectPrivate(r, 'signed in');
  await r.dispose();
});
