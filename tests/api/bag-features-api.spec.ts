import { expect, test, type APIRequest, type APIRequestContext } from '@playwright/test';

/**
 * Codes on the bag, promotion details, wishlist and waitlist through HTTP. Each test is its own visitor; those
 * that sign in send their own X-Forwarded-For (the test servers trust it) so sign-in limits do not spill over.
 */
let n = 0;
const address = () => `10.77.${n++ & 255}.${Math.floor(Math.random() * 250)}`;
const visitor = (playwright: { request: APIRequest }, baseURL: string) =>
  playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address() } });
const add = (r: APIRequestContext, productId: string, quantity = 1) => r.post('/api/checkout/product/add_to_cart', { data: { productId, quantity } });
const code = (r: APIRequestContext, data: unknown) => r.post('/api/checkout/basket/update/', { data });
const signUp = async (r: APIRequestContext) => {
  const email = `wl.${Date.now().toString(36)}.${n++}@example.com`;
  const res = await r.post('/api/global/register', { data: { firstName: 'Wish', lastName: 'List', email, password: 'secret123' } });
  expect(res.status()).toBe(200);
  return email;
};

test('a coupon applies through basket/update and is removed through basket/delete', async ({ request }) => {
  await add(request, 'ww-2001-ivr-M');
  const res = await code(request, { code: 'save-15', pageType: 'cart' });
  expect(res.status()).toBe(200);
  const json = await res.json();
  expect(json.status).toBe('success');
  expect(json.body.message).toBe('Code applied successfully');
  expect(json.message).toBe('Code applied successfully');
  const b = json.body.basket;
  expect(b.couponItems).toEqual([expect.objectContaining({ code: 'SAVE15', statusCode: 'applied', discount: 825 })]);
  expect(b.c_summary).toMatchObject({ subTotal: 5499, couponDiscount: 825, shippingAndHandling: 799, orderTotal: 5499 - 825 + 799, youSaved: 825 });

  const del = await request.delete('/api/checkout/basket/delete/', { data: { couponItemId: b.couponItems[0].couponItemId } });
  expect(del.status()).toBe(200);
  const after = (await del.json()).body.basket;
  expect(after.couponItems).toEqual([]);
  expect(after.c_summary).toMatchObject({ couponDiscount: 0, orderTotal: 5499 + 799 });
  const again = await request.delete('/api/checkout/basket/delete/', { data: { couponItemId: b.couponItems[0].couponItemId } });
  expect(again.status()).toBe(404);
});

test('a valid code waiting for its conditions says so; bad codes are refused with the spec messages', async ({ request }) => {
  expect((await code(request, { code: 'SAVE15' })).status()).toBe(404); // no bag yet
  await add(request, 'fb-1001-blk-M');
  const waiting = await (await code(request, { code: 'DRESS10' })).json();
  expect(waiting.body.message).toBe('This code is valid. The discount applies once the conditions are met.');
  expect(waiting.body.basket.couponItems[0].statusCode).toBe('valid but conditions not met');
  const cases: [unknown, number, string | RegExp][] = [
    [{ code: '' }, 400, 'Please enter a valid code'],
    [{}, 400, 'Please enter a valid code'],
    [{ code: 'SAVE 15!' }, 400, 'Please enter a valid code'],
    [{ code: 'NOPE42' }, 400, /not recognised/],
    [{ code: '6006491234567890' }, 400, 'Please enter a 4-digit pin'],
    [{ code: '6006491234567890', giftCardPin: '1234' }, 400, 'The gift card number or PIN is incorrect.'],
    [{ code: 'X'.padEnd(19, '1') }, 422, 'Please sign in to use this code.'],
    [{ code: 'RC12' }, 400, 'Invalid certificate number'],
    [{ code: 'SAVE15', pageType: 'elsewhere' }, 400, /pageType/],
  ];
  for (const [data, status, message] of cases) {
    const res = await code(request, data);
    expect(res.status(), JSON.stringify(data)).toBe(status);
    const json = await res.json();
    expect(json.status).toBe('error');
    expect(json.message).toMatch(message);
  }
  const b = (await (await request.get('/api/checkout/basket')).json()).body.basket;
  expect(b.couponItems.map((c: { code: string }) => c.code)).toEqual(['DRESS10']);
  expect((await request.delete('/api/checkout/basket/delete/', { data: {} })).status()).toBe(400);
});

test('promotions/read gives the callout, details and code for the Details modal', async ({ request }) => {
  const res = await request.post('/api/checkout/promotions/read', { data: { promotionId: 'jl-dress10' } });
  expect((await res.json()).body).toEqual({
    promotionId: 'jl-dress10',
    calloutMsg: 'Take 10% off dresses with code DRESS10',
    details: 'Enter DRESS10 in your bag.',
    couponCodeID: 'DRESS10',
  });
  expect((await (await request.post('/api/checkout/promotions/read', { data: { promotionId: 'fb-tops-20' } })).json()).body.couponCodeID).toBeNull();
  expect((await request.post('/api/checkout/promotions/read', { data: { promotionId: 'nope' } })).status()).toBe(404);
  expect((await request.post('/api/checkout/promotions/read', { data: {} })).status()).toBe(400);
});

test('the wishlist needs a signed-in customer: 401 for a guest, then get, add and remove', async ({ playwright, baseURL }) => {
  const r = await visitor(playwright, baseURL!);
  for (const res of [
    await r.post('/api/global/wishlist/getWishlist', { data: {} }),
    await r.post('/api/global/wishlist/addToWishlist', { data: { productId: 'fb-1001-blk-M' } }),
    await r.delete('/api/global/wishlist/removeFromWishlist', { data: { itemId: 'x', listId: 'y' } }),
  ]) {
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({ status: 'error', message: 'Please sign in to use your wishlist.' });
  }
  const email = await signUp(r);
  expect((await (await r.post('/api/global/wishlist/getWishlist', { data: {} })).json()).body).toEqual({
    id: null,
    c_wishlistId: null,
    customerProductListItems: [],
    c_items: [],
  });
  const added = await r.post('/api/global/wishlist/addToWishlist', { data: { productId: 'fb-1001-blk-M' } });
  expect(added.status()).toBe(200);
  const w = (await added.json()).body;
  expect(w.c_items).toEqual(['fb-1001-blk-M']);
  expect(w.customerProductListItems[0]).toMatchObject({ productId: 'fb-1001-blk-M', productName: 'Everyday Crew Tee', price: 1999 });
  expect((await r.post('/api/global/wishlist/addToWishlist', { data: { productId: 'nope' } })).status()).toBe(404);
  expect((await r.post('/api/global/wishlist/addToWishlist', { data: {} })).status()).toBe(400);
  const del = await r.delete('/api/global/wishlist/removeFromWishlist', { data: { itemId: w.customerProductListItems[0].id, listId: w.id } });
  expect((await del.json()).body.c_items).toEqual([]);
  expect(
    (await r.delete('/api/global/wishlist/removeFromWishlist', { data: { itemId: w.customerProductListItems[0].id, listId: w.id } })).status(),
  ).toBe(404);

  // The login reply carries the wishlist (wishlistData).
  await r.post('/api/global/wishlist/addToWishlist', { data: { productId: 'gc-2' } });
  await r.post('/api/global/logout', { data: {} });
  const login = await r.post('/api/global/login', { data: { email, password: 'secret123' } });
  expect((await login.json()).body.wishlistData).toMatchObject({ c_items: ['gc-2'] });
});

test('joinWaitlist stores a sold-out size; needs a valid e-mail; unknown size 404, in-stock size 409', async ({ request }) => {
  const ok = await request.post('/api/pdp/joinWaitlist', { data: { skuId: 'fb-1006-olv-M', emailId: 'Waiting@Example.com' } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).status).toBe('success');
  expect((await request.post('/api/pdp/joinWaitlist', { data: { skuId: 'fb-1006-olv-M', emailId: 'waiting@example.com' } })).status()).toBe(200);
  const cases: [unknown, number, string | RegExp][] = [
    [{ skuId: 'fb-1006-olv-M', emailId: '' }, 400, 'Email is required'],
    [{ skuId: 'fb-1006-olv-M', emailId: 'not-an-email' }, 400, 'Valid email is required'],
    [{ emailId: 'a@example.com' }, 400, /skuId is required/],
    [{ skuId: 'nope', emailId: 'a@example.com' }, 404, /could not be found/],
    [{ skuId: 'fb-1001-blk-M', emailId: 'a@example.com' }, 409, /in stock/],
  ];
  for (const [data, status, message] of cases) {
    const res = await request.post('/api/pdp/joinWaitlist', { data });
    expect(res.status(), JSON.stringify(data)).toBe(status);
    expect((await res.json()).message).toMatch(message);
  }
});

test('joinWaitlist is rate-limited per client address', async ({ playwright, baseURL }) => {
  const r = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Date.now() % 250}.${Math.floor(Math.random() * 250)}` },
  });
  let status = 200;
  for (let i = 0; i < 25 && status !== 429; i++) {
    status = (await r.post('/api/pdp/joinWaitlist', { data: { skuId: 'fb-1006-olv-S', emailId: `spam${i}@example.com` } })).status();
  }
  expect(status).toBe(429);
  await r.dispose();
});
