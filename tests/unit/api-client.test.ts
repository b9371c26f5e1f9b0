// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

const answering = (status: number, data: unknown) =>
  vi.fn(
    async (_path: string, _init?: RequestInit) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } }),
  );

it('a reply whose body does not match the endpoint’s reply schema is reported and not handed on', async () => {
  vi.stubGlobal('fetch', answering(200, { status: 'success', body: { basketId: 42 } }));
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const r = await callApi(API.bagId);
  expect(r.ok).toBe(false);
  expect(r).toMatchObject({ status: 200, message: expect.stringContaining('basketId') });
  expect(logged).toHaveBeenCalledOnce();
  expect(String(logged.mock.calls[0]?.[0])).toMatch(/POST \/api\/checkout\/basket\/id\/: the reply does not match BagId: basketId: /);
  expect((window as { dataLayer?: { event: string }[] }).dataLayer?.map((e) => e.event)).toEqual(['siteError']);
});

it('a reply that matches is handed on as it came', async () => {
  const wishlist = { id: 'L1', c_wishlistId: 'L1', customerProductListItems: [], c_items: [] };
  vi.stubGlobal('fetch', answering(200, { status: 'success', body: wishlist }));
  expect(await callApi(API.wishlist)).toEqual({ ok: true, body: wishlist });
});

it('sends the endpoint’s method and path, the payload as JSON, and headers when asked; no body for an endpoint that reads none', async () => {
  const fetch = answering(409, { status: 'error', message: 'Changed.' });
  vi.stubGlobal('fetch', fetch);
  await callApi(API.placeOrder, { orderTotal: 0 }, { headers: { 'idempotency-key': 'k'.repeat(16) } });
  await callApi(API.bagId);
  const [[placePath, place], [idPath, id]] = fetch.mock.calls as unknown as [[string, RequestInit], [string, RequestInit]];
  expect([placePath, place.method, place.body]).toEqual(['/api/checkout/place_order/', 'POST', '{"orderTotal":0}']);
  expect(place.headers).toMatchObject({ 'content-type': 'application/json', 'idempotency-key': 'kkkkkkkkkkkkkkkk' });
  expect([idPath, id.method, id.body]).toEqual(['/api/checkout/basket/id/', 'POST', undefined]);
  expect(id.headers).not.toHaveProperty('content-type');
});

it('an error reply that carries a body hands the body on, checked like a success', async () => {
  const result = { confirmationStatus: 'failed', orderNo: null, orderTotal: 1200, message: 'Changed.', basket: null, basketId: null };
  vi.stubGlobal('fetch', answering(409, { status: 'error', message: 'Changed.', body: result }));
  expect(await callApi(API.placeOrder, { orderTotal: 1200 })).toEqual({ ok: false, status: 409, message: 'Changed.', body: result });
});
