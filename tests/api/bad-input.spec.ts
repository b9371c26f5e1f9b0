import { expect, test } from '@playwright/test';

/**
 * Bad input gets a clear 4xx with a JSON message, never a 500: every endpoint that takes a body is sent broken
 * JSON, JSON of the wrong shape, wrong types and oversized values. (logout and basket/id take no payload and are not
 * listed; GET endpoints read no body.)
 */
const ENDPOINTS: [method: 'POST' | 'DELETE', path: string][] = [
  ['POST', '/api/checkout/product/add_to_cart'],
  ['POST', '/api/checkout/product/read'],
  ['POST', '/api/checkout/basket/update/'],
  ['POST', '/api/checkout/basket/update/updateBasketItem'],
  ['DELETE', '/api/checkout/basket/delete/'],
  ['DELETE', '/api/checkout/basket/delete/deleteBasketItem/'],
  ['POST', '/api/checkout/shipping_method/'],
  ['POST', '/api/checkout/promotions/read'],
  ['POST', '/api/checkout/email/validate'],
  ['POST', '/api/checkout/forgot_password/'],
  ['POST', '/api/checkout/register-user/'],
  ['POST', '/api/global/login'],
  ['POST', '/api/global/register'],
  ['POST', '/api/global/reset_password'],
  ['POST', '/api/global/auto_suggest'],
  ['POST', '/api/global/recommendations'],
  ['POST', '/api/global/sfcc/read'],
  ['POST', '/api/global/wishlist/getWishlist'],
  ['POST', '/api/global/wishlist/addToWishlist'],
  ['DELETE', '/api/global/wishlist/removeFromWishlist'],
  ['POST', '/api/pdp/joinWaitlist'],
];

const long = 'x'.repeat(100_000);
const BODIES: [label: string, body: string][] = [
  ['broken JSON', '{"productId": "fb-1001-blk-M",'],
  ['an array', '[1, 2, 3]'],
  ['null', 'null'],
  ['a string', '"hello"'],
  ['wrong types', JSON.stringify({ productId: 7, quantity: 'ten', email: 5, password: [], itemId: {}, code: false, query: 1, criteria: null, controller: 3, skuId: 1, emailId: true, token: 9, couponItemId: 2, shippingMethodId: 1, orderId: {} })],
  ['a NUL character', JSON.stringify({ productId: 'fb-1001-blk-M\u0000', quantity: 1, email: 'a\u0000@example.com', password: 'abc\u0000123', itemId: 'i\u0000', code: 'SAVE\u000015', query: 'dre\u0000', criteria: 'similaritems', productId2: 'x', controller: 'Size\u0000Guide', skuId: 's\u0000', emailId: 'a\u0000@example.com', token: 't\u0000', couponItemId: 'c\u0000', shippingMethodId: 'Regular\u0000', orderId: '1\u0000' })],
  ['oversized values', JSON.stringify({ productId: long, quantity: 1e308, email: `${long}@example.com`, password: long, itemId: long, code: long, query: long, controller: long, skuId: long, emailId: long, token: long })],
];

for (const [method, path] of ENDPOINTS) {
  test(`${method} ${path}: bad input is a 4xx with a message`, async ({ playwright, baseURL }) => {
    const r = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
    for (const [label, body] of BODIES) {
      const res = await r.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: body });
      expect(res.status(), `${label}: ${res.status()}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${label}: ${res.status()}`).toBeLessThan(500);
      const json = await res.json().catch(() => null);
      expect(typeof json?.message, `${label}: ${JSON.stringify(json)?.slice(0, 200)}`).toBe('string');
      expect(json.message.length, label).toBeGreaterThan(0);
    }
    await r.dispose();
  });
}

// A body is JSON only when its media type is: one that merely mentions JSON in a parameter, or JSON in another
// charset, is refused before it is read (415), at every endpoint that reads a body (getWishlist reads none).
for (const [method, path] of ENDPOINTS.filter(([, p]) => p !== '/api/global/wishlist/getWishlist')) {
  test(`${method} ${path}: a body that is not sent as application/json in UTF-8 is 415`, async ({ request }) => {
    for (const type of ['text/plain; x=application/json', 'application/json; charset=latin1', 'application/jsonx']) {
      const res = await request.fetch(path, { method, headers: { 'content-type': type }, data: '{}' });
      expect(res.status(), type).toBe(415);
      expect(await res.json(), type).toEqual({ status: 'error', message: 'Send the request as application/json in UTF-8.' });
    }
  });
}
