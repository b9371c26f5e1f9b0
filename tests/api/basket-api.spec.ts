import { expect, test, type APIRequestContext } from '@playwright/test';
import { MEMBERSHIP_NEEDS_SIGN_IN } from '#src/lib/membership-rules.ts';

/** Endpoint contract through HTTP against the production server. Each test has its own cookies (its own visitor). */
const add = (request: APIRequestContext, data: unknown) => request.post('/api/checkout/product/add_to_cart', { data });
const basket = async (request: APIRequestContext) => (await (await request.get('/api/checkout/basket')).json()).body.basket;

test('a first add to the bag gets a guest session in HttpOnly, SameSite=Lax cookies; a read before it gets none', async ({ request }) => {
  const read = await request.get('/api/checkout/basket');
  expect(read.headers()['set-cookie']).toBeUndefined();
  const res = await add(request, { productId: 'fb-1001-blk-M', quantity: 1 });
  expect(res.status()).toBe(200);
  const cookies = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
  const sid = cookies.find((c) => c.startsWith('sid='))!;
  const usid = cookies.find((c) => c.startsWith('usid='))!;
  for (const c of [sid, usid]) {
    expect(c).toContain('HttpOnly');
    expect(c).toContain('SameSite=Lax');
  }
  expect(sid.split(';')[0]!.length - 4).toBeGreaterThanOrEqual(43); // 256 bits, base64url
  expect(usid.split(';')[0]!.length - 5).toBe(32); // 128 bits, hex
  const again = await request.get('/api/checkout/basket');
  expect(again.headers()['set-cookie']).toBeUndefined();
  expect((await again.json()).body.basket.totalQuantity).toBe(1);
});

test('product read returns the product with variants and prices, or 404', async ({ request }) => {
  const res = await request.post('/api/checkout/product/read', { data: { productId: 'bh-5001' } });
  expect(res.status()).toBe(200);
  const { status, body } = await res.json();
  expect(status).toBe('success');
  expect(body.variationAttributes.map((a: { id: string }) => a.id)).toEqual(['color', 'braBandSize', 'braCupSize']);
  expect(body.variants.length).toBeGreaterThan(20);
  const missing = await request.post('/api/checkout/product/read', { data: { productId: 'nope' } });
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual({ status: 'error', message: 'That product could not be found.' });
});

test('add to bag replies with the basket and totals computed on the server; a client price is ignored', async ({ request }) => {
  const res = await add(request, { productId: 'fb-1001-blk-M', quantity: 2, price: 1, c_summary: { orderTotal: 1 } });
  expect(res.status()).toBe(200);
  const json = await res.json();
  expect(json.status).toBe('success');
  expect(json.message).toBe('Added to bag');
  expect(json.body.updatedShippingMethod).toMatchObject({ id: 'Regular' });
  const b = json.body.basket;
  expect(b.basketId).toMatch(/^[0-9a-f-]{36}$/);
  expect(b.productItems[0]).toMatchObject({ productId: 'fb-1001-blk-M', quantity: 2, basePrice: 1999, price: 3998 });
  expect(b.c_summary).toMatchObject({ subTotal: 3998, shippingAndHandling: 799, orderTotal: 4797, youSaved: 1000 });
  expect(b.totalQuantity).toBe(2);
  const id = await request.post('/api/checkout/basket/id/');
  expect((await id.json()).body.basketId).toBe(b.basketId);
});

test('add to bag refuses bad input with a 4xx and a message, and the basket is unchanged', async ({ request }) => {
  await add(request, { productId: 'fb-1001-blk-M', quantity: 1 });
  const before = await basket(request);
  const cases: [unknown, number, RegExp][] = [
    [{ productId: 'fb-1001-blk-M', quantity: 0 }, 400, /at least 1/],
    [{ productId: 'fb-1001-blk-M', quantity: 11 }, 400, /at most 10/],
    [{ productId: 'fb-1001-blk-M', quantity: 10 }, 400, /at most 10/], // 1 already in the bag
    [{ productId: 'does-not-exist' }, 404, /could not be found/],
    [{ productId: 'fb-1006-olv-M' }, 409, /out of stock/], // the sold-out product
    [{ quantity: 1 }, 400, /Item id is required/],
    [{ productId: ['x'] }, 400, /Item id is required/],
    [{ productId: 'x'.repeat(500) }, 400, /too long/],
    [{ productId: 'ca-7001-nvy-Misses-8', optionItems: [{ optionId: 'hemming', optionValueId: '1' }] }, 400, /inseam/],
    [{ productId: 'gc-2-gc-25' }, 400, /Please add To/],
    [{ productId: 'gc-2-gc-25', c_giftCardRecipient: 'Ann' }, 400, /^Please add From$/],
    [{ productId: 'egc-3-egc-50', c_giftCardRecipient: 'Ann' }, 400, /^Please add your name$/],
    [null, 400, /./],
  ];
  for (const [data, status, message] of cases) {
    const res = await add(request, data);
    expect(res.status(), JSON.stringify(data)).toBe(status);
    const json = await res.json();
    expect(json.status).toBe('error');
    expect(json.message).toMatch(message);
  }
  const raw = await request.post('/api/checkout/product/add_to_cart', { headers: { 'content-type': 'application/json' }, data: '{not json' });
  expect(raw.status()).toBe(400);
  const form = await request.post('/api/checkout/product/add_to_cart', { form: { productId: 'fb-1001-blk-M' } });
  expect(form.status()).toBe(415);
  expect(await basket(request)).toEqual(before);
});

test('update and delete a line; unknown lines are 404', async ({ request }) => {
  const added = (await (await add(request, { productId: 'rm-3002-olv-M', quantity: 1 })).json()).body.basket;
  const itemId = added.productItems[0].itemId;
  const upd = await request.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId, body: { quantity: 3 } } });
  expect(upd.status()).toBe(200);
  expect((await upd.json()).body.basket.productItems[0].quantity).toBe(3);
  const bad = await request.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId, body: { quantity: 0 } } });
  expect(bad.status()).toBe(400);
  const unknown = await request.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId: 'nope', body: { quantity: 1 } } });
  expect(unknown.status()).toBe(404);
  const del = await request.delete('/api/checkout/basket/delete/deleteBasketItem/', { data: { itemId } });
  expect(del.status()).toBe(200);
  expect((await del.json()).body.basket.productItems).toEqual([]);
  const again = await request.delete('/api/checkout/basket/delete/deleteBasketItem/', { data: { itemId } });
  expect(again.status()).toBe(404);
});

test('a gift card line keeps its quantity and amount, even asked directly; the bag is unchanged', async ({ request }) => {
  const added = (await (await add(request, { productId: 'gc-2-gc-25', quantity: 1, c_giftCardRecipient: 'Ann', c_giftCardSender: 'Bo' })).json()).body
    .basket;
  const itemId = added.productItems[0].itemId;
  const qty = await request.post('/api/checkout/basket/update/updateBasketItem', { data: { itemId, body: { quantity: 2 } } });
  expect(qty.status()).toBe(400);
  expect((await qty.json()).message).toBe('The quantity of a gift card or membership cannot be changed. Add another one instead.');
  const swap = await request.post('/api/checkout/basket/update/updateBasketItem', {
    data: { itemId, body: { productId: 'gc-2-gc-100', quantity: 1 } },
  });
  expect(swap.status()).toBe(400);
  expect((await swap.json()).message).toBe('A gift card or membership cannot be changed. Remove it and add it again.');
  expect(await basket(request)).toEqual(added);
});

test('shipping methods are listed with prices for the bag and one can be chosen', async ({ request }) => {
  await add(request, { productId: 'fb-1001-blk-M', quantity: 1 });
  const list = (await (await request.get('/api/checkout/shipping_methods')).json()).body;
  expect(list.applicableShippingMethods.map((m: { id: string; price: number }) => [m.id, m.price])).toEqual([
    ['Regular', 799],
    ['Express', 1499],
    ['SuperFast', 2499],
  ]);
  const set = await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Express' } });
  expect((await set.json()).body.basket.c_summary).toMatchObject({ shippingAndHandling: 1499, orderTotal: 1999 + 1499 });
  const bad = await request.post('/api/checkout/shipping_method/', { data: { shippingMethodId: 'Teleport' } });
  expect(bad.status()).toBe(400);
});

test('a state change from another origin is refused with 403, JSON included, and changes nothing', async ({ request }) => {
  const res = await request.post('/api/checkout/product/add_to_cart', {
    data: { productId: 'fb-1001-blk-M', quantity: 1 },
    headers: { origin: 'http://evil.example' },
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).status).toBe('error');
  const del = await request.delete('/api/checkout/basket/delete/deleteBasketItem/', {
    data: { itemId: 'x' },
    headers: { 'sec-fetch-site': 'cross-site' },
  });
  expect(del.status()).toBe(403);
  // A sibling site (another subdomain of the store's domain) is not the store either.
  const sibling = await request.post('/api/checkout/product/add_to_cart', {
    data: { productId: 'fb-1001-blk-M', quantity: 1 },
    headers: { 'sec-fetch-site': 'same-site' },
  });
  expect(sibling.status()).toBe(403);
  expect((await sibling.json()).status).toBe('error');
  expect((await basket(request)).productItems).toEqual([]);
});

test('a perks membership is added by a signed-in shopper only: a guest gets 401 and the reason', async ({ playwright, baseURL }) => {
  const product = await (await playwright.request.newContext({ baseURL })).post('/api/checkout/product/read', { data: { productId: 'fb-perks' } });
  const membership: string = (await product.json()).body.variants[0].id;
  const guest = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.77.${Date.now() % 250}.1` } });
  const refused = await add(guest, { productId: membership, quantity: 1 });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe(MEMBERSHIP_NEEDS_SIGN_IN);
  expect(refused.headers()['set-cookie']).toBeUndefined();

  const member = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Date.now() % 250}.1` } });
  const email = `perks.${Date.now().toString(36)}@example.com`;
  expect((await member.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Lee', email, password: 'secret123' } })).status()).toBe(
    200,
  );
  expect((await add(member, { productId: membership, quantity: 1 })).status()).toBe(200);
  expect((await basket(member)).productItems.map((l: { productId: string }) => l.productId)).toEqual([membership]);
  await Promise.all([guest.dispose(), member.dispose()]);
});
