// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { SITE_ERROR_EVENT, type SiteErrorDetail } from '#src/lib/analytics.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { dataLayer?: unknown[] }).dataLayer;
});

const reply = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** Header spec §8: error alerts also emit a site error analytics event (dataLayer and a DOM event). */
it('a failed call emits one site error event with the text the shopper sees', async () => {
  vi.stubGlobal('fetch', reply(409, { status: 'error', message: 'Sorry, Quilted Vest is out of stock in this size and colour.' }));
  const seen: SiteErrorDetail[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent<SiteErrorDetail>).detail);
  window.addEventListener(SITE_ERROR_EVENT, listener);
  const r = await callApi(API.addToBag, { productId: 'x' });
  window.removeEventListener(SITE_ERROR_EVENT, listener);
  expect(r).toEqual({ ok: false, status: 409, message: 'Sorry, Quilted Vest is out of stock in this size and colour.' });
  const detail = { message: 'Sorry, Quilted Vest is out of stock in this size and colour.', status: 409, path: '/api/checkout/product/add_to_cart' };
  expect(seen).toEqual([detail]);
  expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([{ event: 'siteError', ...detail }]);
});

it('a network failure is reported too; a success is not', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
  await callApi(API.bagId);
  vi.stubGlobal('fetch', reply(200, { status: 'success', body: { basketId: 'b1' } }));
  expect(await callApi(API.bagId)).toEqual({ ok: true, body: { basketId: 'b1' } });
  expect((window as { dataLayer?: { status: number }[] }).dataLayer?.map((e) => e.status)).toEqual([0]);
});
