import { expect, test } from '@playwright/test';
import { placeGuestOrder } from '../helpers/place-order-http.ts';

/** POST /api/order-confirmation/recommendations: co-purchases first, similar items while there are none, bad input 4xx. */
const recs = (request: import('@playwright/test').APIRequestContext, data: unknown) =>
  request.post('/api/order-confirmation/recommendations', { data });

test('refuses bad input with a 4xx and a message, never a 500', async ({ request }) => {
  for (const data of [
    {},
    { productIds: 'fb-1001' },
    { productIds: [] },
    { productIds: [42] },
    { productIds: [''] },
    { productIds: Array(51).fill('fb-1001') },
  ]) {
    const res = await recs(request, data);
    expect(res.status(), JSON.stringify(data)).toBe(400);
    const body = await res.json();
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
  }
  const text = await request.post('/api/order-confirmation/recommendations', { headers: { 'content-type': 'text/plain' }, data: 'productIds=1' });
  expect(text.status()).toBe(415);
});

test('without co-purchases it falls back to similar items, never the products asked about', async ({ request }) => {
  const res = await recs(request, { productIds: ['ca-7001', 'no-such-product'] });
  expect(res.status()).toBe(200);
  const { body } = await res.json();
  expect(body.headline).toBe('You may also like');
  expect(body.products.length).toBeGreaterThan(0);
  expect(body.products.map((p: { id: string }) => p.id)).not.toContain('ca-7001');
});

test('after an order, a product brings up what was bought with it', async ({ request }) => {
  await placeGuestOrder(request, {
    email: 'co-purchase@example.com',
    items: [
      { productId: 'rm-3002-olv-M', quantity: 1 },
      { productId: 'jl-4001-cor-8', quantity: 1 },
    ],
  });
  const { body } = await (await recs(request, { productIds: ['rm-3002'] })).json();
  expect(body.products.map((p: { id: string }) => p.id)).toContain('jl-4001');
  expect(body.products.map((p: { id: string }) => p.id)).not.toContain('rm-3002');
});
