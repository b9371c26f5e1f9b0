import { expect, type PlaywrightWorkerArgs, test } from '@playwright/test';

/**
 * The analytics and logging calls over HTTP (spec §7): the browser's log line, capped and limited; the server-set
 * cookies, the store's own four names only; the page-load call from the product, bag and confirmation pages.
 */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });

test('logging takes a line of up to 1000 characters and refuses a longer, empty or malformed one with 400', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const ok = await r.post('/api/global/logging', { data: { message: 'x'.repeat(1000), isNotAnErrorLog: true } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ status: 'success', body: { success: true } });
  const cases: [unknown, string][] = [
    [{ message: 'x'.repeat(1001) }, 'The message is longer than 1000 characters.'],
    [{ message: '  ' }, 'The message is required.'],
    [{}, 'message is required.'],
    [{ message: 'a', isNotAnErrorLog: 'yes' }, 'isNotAnErrorLog is true or false.'],
  ];
  for (const [data, message] of cases) {
    const res = await r.post('/api/global/logging', { data });
    expect(res.status(), JSON.stringify(data)).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message });
  }
  const huge = await r.post('/api/global/logging', { data: { message: 'x'.repeat(40_000) } });
  expect(huge.status()).toBe(413);
  await r.dispose();
});

test('logging writes 10 lines a minute from one client address, then answers 429', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  for (let i = 0; i < 10; i++) expect((await r.post('/api/global/logging', { data: { message: `line ${i}` } })).status()).toBe(200);
  const refused = await r.post('/api/global/logging', { data: { message: 'one more' } });
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toEqual({ status: 'error', message: 'Too many log messages. Please try again in a minute.' });
  await r.dispose();
});

test('setServerCookie sets the store’s named analytics cookies for 30 days, readable by the page', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  const res = await r.post('/api/global/setServerCookie', {
    data: {
      cookies: { productFindingMethod: 'search', addToCartMethod: 'fb-1001:search|ww-2001:browse', defaultColor: 'BLK', merchType: 'dresses' },
    },
  });
  expect(res.status()).toBe(200);
  const set = res.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie');
  expect(set.map((h) => h.value.split('=')[0]).sort()).toEqual(['addToCartMethod', 'defaultColor', 'merchType', 'productFindingMethod']);
  for (const { value } of set) {
    expect(value).toMatch(/Max-Age=2592000/);
    expect(value).toMatch(/Path=\//);
    expect(value).not.toMatch(/HttpOnly/i);
  }
  await r.dispose();
});

test('setServerCookie refuses any other name (the session’s above all) and a value its rule does not take', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  for (const cookies of [{ sid: 'forged' }, { usid: 'x' }, { device: 'x' }, { productFindingMethod: 'search', order: 'x' }]) {
    const res = await r.post('/api/global/setServerCookie', { data: { cookies } });
    expect(res.status(), JSON.stringify(cookies)).toBe(400);
    expect((await res.json()).message).toBe(
      'Only the store’s own named cookies can be set: productFindingMethod, addToCartMethod, defaultColor, merchType.',
    );
    expect(res.headers()['set-cookie']).toBeUndefined();
  }
  for (const [cookies, message] of [
    [{ productFindingMethod: 'guess' }, 'The value is not allowed for the productFindingMethod cookie.'],
    [{ defaultColor: 'BLK; Domain=evil.example' }, 'The value is not allowed for the defaultColor cookie.'],
    [{ addToCartMethod: 'fb-1001:search|' }, 'The value is not allowed for the addToCartMethod cookie.'],
    [{}, 'Name at least one cookie to set.'],
  ] as const) {
    const res = await r.post('/api/global/setServerCookie', { data: { cookies } });
    expect(res.status(), JSON.stringify(cookies)).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message });
  }
  await r.dispose();
});

test('the page-load call answers the product, bag and confirmation pages’ payloads with the visitor’s usid', async ({ playwright, baseURL }) => {
  const r = await client(playwright, baseURL);
  for (const payload of [
    { page_type: 'product', product_id: 'fb-1001' },
    { page_type: 'cart', basketId: null, authenticated: false },
    { page_type: 'order-confirmation', order_id: '1001-00001-001' },
  ]) {
    const res = await r.post('/api/global/analytics/pageload/', { data: payload });
    expect(res.status()).toBe(200);
    expect((await res.json()).body).toMatchObject({ ...payload, skipped_steps: '', usid: expect.any(String) });
  }
  const bad = await r.post('/api/global/analytics/pageload/', { data: { page_type: 'home' } });
  expect(bad.status()).toBe(400);
  await r.dispose();
});
