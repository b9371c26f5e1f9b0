import { expect, test } from '@playwright/test';
import { pageWeight, rawGet, referencedAssets } from '../helpers/page-weight.ts';

/**
 * Bytes on the wire (docs/decisions.md, "Compression"): built files go out as the brotli or gzip copy made at
 * build time, chosen by Accept-Encoding; pages and JSON made on demand are compressed as they are sent. Requests go
 * through node:http (tests/helpers/page-weight.ts) because fetch() decodes bodies and hides what was sent.
 */
const PRODUCT = '/p/everyday-crew-tee-fb-1001/';
const BROWSER = { 'accept-encoding': 'br, gzip' };
const varies = (h: Record<string, string | string[] | undefined>) =>
  String(h.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

test('a product page loads with at most 120 KiB of HTML, styles and scripts', async ({ baseURL }) => {
  const weight = await pageWeight(baseURL!, PRODUCT);
  expect(weight.js, 'the page loads its island modules').toBeGreaterThan(0);
  expect(weight.total).toBeLessThanOrEqual(120 * 1024);
});

test("a product page's scripts and styles come as brotli, as gzip when only gzip is accepted, as they are when nothing is", async ({ baseURL }) => {
  const page = await rawGet(baseURL!, PRODUCT, BROWSER);
  const { css, js } = referencedAssets(page.text);
  expect(css.length).toBeGreaterThan(0);
  expect(js.length).toBeGreaterThan(0);
  let compressed = 0;
  for (const url of [...css, ...js]) {
    const plain = await rawGet(baseURL!, url);
    const br = await rawGet(baseURL!, url, BROWSER);
    const gzip = await rawGet(baseURL!, url, { 'accept-encoding': 'gzip' });
    for (const r of [plain, br, gzip]) {
      expect(r.status, url).toBe(200);
      expect(varies(r.headers), `${url} Vary`).toBe(true);
      expect(r.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(r.text, `${url} decodes to the same file`).toBe(plain.text);
    }
    expect(plain.headers['content-encoding'], url).toBeUndefined();
    // A file under 1 KiB has no compressed copy (it would save less than the encoding costs): it goes out as it is.
    if (plain.wire >= 1024) {
      compressed++;
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(br.wire, url).toBeLessThan(plain.wire);
    } else {
      expect(br.headers['content-encoding'], url).toBeUndefined();
      expect(gzip.headers['content-encoding'], url).toBeUndefined();
    }
  }
  expect(compressed, 'files of 1 KiB or more').toBeGreaterThan(0);
});

test('pages, prerendered, cached and on demand, and JSON replies are compressed', async ({ baseURL, request }) => {
  for (const path of ['/checkout/', PRODUCT, '/cart/']) {
    const r = await rawGet(baseURL!, path, BROWSER);
    expect(r.status, path).toBe(200);
    expect(r.headers['content-encoding'], path).toBe('br');
    expect(varies(r.headers), path).toBe(true);
    expect(r.text, path).toContain('</html>');
    const gzip = await rawGet(baseURL!, path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding'], path).toBe('gzip');
    expect((await rawGet(baseURL!, path)).headers['content-encoding'], path).toBeUndefined();
  }
  // A bag with a line reads as about 2 KB of JSON.
  const added = await request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1001-blk-M', quantity: 1 } });
  expect(added.status()).toBe(200);
  const bag = await request.get('/api/checkout/basket', { headers: BROWSER });
  expect(bag.status()).toBe(200);
  expect(bag.headers()['content-encoding']).toBe('br');
  expect(varies(bag.headers())).toBe(true);
  expect((await bag.json()).body.basket.productItems).toHaveLength(1);
});

test('a JSON reply under 1 KiB goes out as it is, with its length: no compression stream for a few hundred bytes', async ({ baseURL }) => {
  // A visitor who is not signed in asks who they are: a few dozen bytes.
  const r = await rawGet(baseURL!, '/api/global/me', BROWSER);
  expect(r.status).toBe(200);
  expect(r.wire).toBeLessThan(1024);
  expect(r.headers['content-encoding']).toBeUndefined();
  expect(r.headers['transfer-encoding']).toBeUndefined();
  expect(Number(r.headers['content-length'])).toBe(r.wire);
  expect(varies(r.headers)).toBe(true);
  expect(JSON.parse(r.text).status).toBe('success');
});

test('a cached file is revalidated with If-None-Match: 304 with its caching headers', async ({ baseURL }) => {
  const page = await rawGet(baseURL!, PRODUCT, BROWSER);
  const script = referencedAssets(page.text).js[0]!;
  for (const [url, cacheControl] of [
    [script, 'public, max-age=31536000, immutable'],
    ['/checkout/', 'public, max-age=0'],
    [PRODUCT, 'public, max-age=0'],
  ] as const) {
    const first = await rawGet(baseURL!, url, BROWSER);
    const etag = String(first.headers.etag);
    expect(etag, url).toMatch(/^(W\/)?"/);
    expect(first.headers['cache-control'], url).toBe(cacheControl);
    const again = await rawGet(baseURL!, url, { ...BROWSER, 'if-none-match': etag });
    expect(again.status, url).toBe(304);
    expect(again.wire, url).toBe(0);
    expect(again.headers['cache-control'], url).toBe(cacheControl);
    // Another encoding is another representation: it does not match the brotli copy's tag.
    expect(first.headers['content-encoding'], url).toBe('br');
    expect((await rawGet(baseURL!, url, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status, url).toBe(200);
  }
});

test('HEAD and Range requests on built files still answer as before', async ({ baseURL, request }) => {
  const page = await rawGet(baseURL!, PRODUCT, BROWSER);
  const script = referencedAssets(page.text).js[0]!;
  const full = await rawGet(baseURL!, script);

  const head = await request.head(script, { headers: BROWSER });
  expect(head.status()).toBe(200);
  expect(varies(head.headers())).toBe(true);
  expect(Number(head.headers()['content-length'])).toBeGreaterThan(0);

  const range = await rawGet(baseURL!, script, { range: 'bytes=0-9' });
  expect(range.status).toBe(206);
  expect(range.headers['content-range']).toBe(`bytes 0-9/${full.wire}`);
  expect(range.text).toBe(full.text.slice(0, 10));
});
