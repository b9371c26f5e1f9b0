import { expect, test } from '@playwright/test';

const suggest = (request: import('@playwright/test').APIRequestContext, data: unknown) =>
  request.post('/api/global/auto_suggest', { data, headers: { 'content-type': 'application/json' } });

test('full payload: typeahead, quick links and products with the spec fields', async ({ request }) => {
  const r = await suggest(request, { query: 'dres', brandContextId: 'jl', fullPayload: true });
  expect(r.status()).toBe(200);
  const { status, body } = await r.json();
  expect(status).toBe('success');
  expect(body.suggestions.initial_keyword).toBe('dres');
  expect(body.suggestions.typeahead.map((t: { name: string }) => t.name)).toContain('dress');
  expect(body.suggestions.quicklinks).toContainEqual({ name: 'Dresses', value: 'dresses' });
  const [product] = body.suggestions.products;
  expect(Object.keys(product).sort()).toEqual(['brand_label', 'display_name', 'id', 'pdp_url', 'product_thumb_image', 'review_average']);
  expect(product).toMatchObject({
    pdp_url: expect.stringMatching(/^\/p\//),
    product_thumb_image: expect.stringMatching(/^\/media\//),
    brand_label: 'June Lane',
  });
});

test('light payload answers typeahead only', async ({ request }) => {
  const { body } = await (await suggest(request, { query: 'boot', fullPayload: false })).json();
  expect(body.suggestions.typeahead.length).toBeGreaterThan(0);
  expect(body.suggestions.products).toEqual([]);
  expect(body.suggestions.quicklinks).toEqual([]);
});

test('typo tolerant', async ({ request }) => {
  const { body } = await (await suggest(request, { query: 'blazr', fullPayload: true })).json();
  expect(body.suggestions.products.map((p: { display_name: string }) => p.display_name)).toContain('Relaxed Blazer');
});

test('bad input is refused with a readable message', async ({ request }) => {
  const r = await suggest(request, { query: 'x'.repeat(101) });
  expect(r.status()).toBe(400);
  expect((await r.json()).message).toMatch(/at most 100/);
  expect((await suggest(request, { query: 'a', brandContextId: 'zz' })).status()).toBe(400);
  expect((await request.post('/api/global/auto_suggest', { data: 'query=a', headers: { 'content-type': 'text/plain' } })).status()).toBe(415);
});

test('deals and pages the header links to answer', async ({ request }) => {
  const deals = await (await request.get('/offers-coupons')).text();
  expect(deals).toContain('SAVE15');
  expect(deals).toContain('30% off jeans');
  for (const path of ['/rewards', '/credit-card', '/quick-order', '/search?q=tee', '/c/tops']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  expect((await request.get('/c/no-such-category')).status()).toBe(404);
});
