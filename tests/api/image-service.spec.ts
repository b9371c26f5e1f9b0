import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { config } from '#src/server/config.ts';

/**
 * The image service (docs/decisions.md, "The image service and responsive images"): the seeded dresses are JPEG
 * photographs, served at the spec's sizes (sw, sh, sm, q, strip; named sizes such as tile-md) in the format the
 * Accept header asks for best, kept on disk within a bound, with an ETag and immutable caching for versioned URLs.
 */
const PHOTO = '/img/dress-e8705f-1.jpg';
const DRAWING = '/img/top-1f1f24-1.svg';
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const PLAIN = { accept: '*/*' };
const CACHE_DIR = join(config().E2E_DATA_DIR, 'image-cache');

const get = (request: APIRequestContext, url: string, headers: Record<string, string> = PLAIN) => request.get(url, { headers });
async function size(body: Buffer) {
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format };
}

test('makes the sizes asked for: width, width and height (fit or cut), a named size; never larger than the photograph', async ({ request }) => {
  const cases: [string, { width: number; height: number }][] = [
    ['sw=300', { width: 300, height: 375 }],
    ['sh=250', { width: 200, height: 250 }],
    ['sw=400&sh=400', { width: 320, height: 400 }],
    ['sw=400&sh=400&sm=cut', { width: 400, height: 400 }],
    ['size=tile-md', { width: 300, height: 375 }],
    ['size=thumb', { width: 100, height: 125 }],
    ['sw=301', { width: 325, height: 406 }], // snapped up to the ladder
    ['sw=99999', { width: 1200, height: 1500 }], // clamped, and the 1200 × 1500 photograph is not enlarged
  ];
  for (const [query, expected] of cases) {
    const r = await get(request, `${PHOTO}?${query}`);
    expect(r.status(), query).toBe(200);
    expect(await size(await r.body()), query).toMatchObject(expected);
  }
  // Lower quality, fewer bytes; strip=false is accepted.
  const q40 = await (await get(request, `${PHOTO}?sw=600&q=40`)).body();
  const q90 = await (await get(request, `${PHOTO}?sw=600&q=90`)).body();
  expect(q40.length).toBeLessThan(q90.length);
  expect((await get(request, `${PHOTO}?sw=600&strip=false`)).status()).toBe(200);
});

test('picks the format by Accept (AVIF, WebP, else JPEG for a photograph and PNG for a drawing) and says Vary: Accept', async ({ request }) => {
  const cases: [string, Record<string, string>, string, string][] = [
    [PHOTO, { accept: CHROME }, 'image/avif', 'heif'],
    [PHOTO, { accept: 'image/webp,*/*' }, 'image/webp', 'webp'],
    [PHOTO, PLAIN, 'image/jpeg', 'jpeg'],
    [DRAWING, { accept: 'image/png,image/*;q=0.8' }, 'image/png', 'png'],
    [DRAWING, { accept: CHROME }, 'image/avif', 'heif'],
  ];
  for (const [path, headers, type, decoded] of cases) {
    const r = await get(request, `${path}?size=tile-sm`, headers);
    expect(r.status(), `${path} ${headers.accept}`).toBe(200);
    expect(r.headers()['content-type']).toBe(type);
    expect(r.headers().vary).toBe('Accept');
    expect((await size(await r.body())).format).toBe(decoded);
  }
  // The AVIF of a photograph is smaller than its JPEG at the same size.
  const avif = await (await get(request, `${PHOTO}?sw=600`, { accept: CHROME })).body();
  const jpeg = await (await get(request, `${PHOTO}?sw=600`)).body();
  expect(avif.length).toBeLessThan(jpeg.length);
});

test('versioned URLs (the pages give them) are immutable; others are revalidated; an ETag answers 304', async ({ request }) => {
  const html = await (await request.get('/p/wrap-midi-dress-jl-4001')).text();
  const stamp = html.match(/\/img\/dress-[^"]*?[?&](?:amp;)?v=([0-9a-f]+)/)?.[1];
  expect(stamp, 'the product page shows the photograph through the image service').toBeTruthy();
  // The header's mega menu shows its dress photograph (content: src/content/header/mega-menu.json) the same way.
  expect(html).toContain('/img/dress-1f1f24-1.jpg?sw=200&amp;v=');
  // Its first photograph, the page's largest paint, is asked for from the head, at the width the gallery will take.
  expect(html).toMatch(
    /<link rel="preload" as="image" imagesrcset="\/img\/dress-e8705f-1\.jpg\?sw=400&amp;v=[0-9a-f]+ 400w, [^"]+" imagesizes="[^"]+" fetchpriority="high">/,
  );

  const versioned = await get(request, `${PHOTO}?size=pdp-md&v=${stamp}`);
  expect(versioned.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const etag = versioned.headers().etag;
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

  for (const url of [`${PHOTO}?size=pdp-md`, `${PHOTO}?size=pdp-md&v=0123abcd`]) {
    const r = await get(request, url);
    expect(r.headers()['cache-control'], url).toBe('public, max-age=0, must-revalidate');
    expect(r.headers().etag, 'the same content, the same ETag').toBe(etag);
  }

  const notModified = await get(request, `${PHOTO}?size=pdp-md&v=${stamp}`, { ...PLAIN, 'if-none-match': etag! });
  expect(notModified.status()).toBe(304);
  expect((await notModified.body()).length).toBe(0);
  expect(notModified.headers().etag).toBe(etag);
  expect(notModified.headers().vary).toBe('Accept');
  expect(notModified.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // Another format is another representation: its own ETag, so the JPEG's does not answer for the AVIF.
  const other = await get(request, `${PHOTO}?size=pdp-md&v=${stamp}`, { accept: CHROME, 'if-none-match': etag! });
  expect(other.status()).toBe(200);
  expect(other.headers().etag).not.toBe(etag);
});

test('bad parameters are 400s and unknown images 404s, each with a JSON message; never a 500', async ({ request }) => {
  const bad = [
    'sw=abc',
    'sw=0',
    'sh=-1',
    'q=101',
    'q=high',
    'sm=stretch',
    'strip=yes',
    'size=huge',
    'size=tile-md&sw=10',
    'sw=1&sw=2',
    'format=gif',
    'v=xyz',
  ];
  for (const query of bad) {
    const r = await get(request, `${PHOTO}?${query}`);
    expect(r.status(), query).toBe(400);
    expect(r.headers()['content-type']).toContain('application/json');
    const body = await r.json();
    expect(body.status).toBe('error');
    expect(body.message, query).toBeTruthy();
  }
  for (const path of [
    '/img/dress-000000-1.jpg',
    '/img/nothing.png',
    '/img/%2e%2e%2fstore.db',
    '/img/..%2F..%2Fpackage.json',
    '/img/dress-e8705f-1.gif',
    '/img/',
    '/img/a%00.jpg',
  ]) {
    const r = await get(request, `${path}?sw=100`);
    expect(r.status(), path).toBe(404);
    expect((await r.json()).status).toBe('error');
  }
});

test('several requests for a size not made yet wait for one making', async ({ request }) => {
  const url = `${PHOTO}?sw=475&sh=475&sm=cut&q=50`;
  const replies = await Promise.all(Array.from({ length: 4 }, () => get(request, url, { accept: 'image/webp' })));
  const made = replies.map((r) => r.headers()['x-image-cache']);
  expect(made.filter((m) => m === 'miss')).toHaveLength(1);
  expect(new Set(await Promise.all(replies.map(async (r) => (await r.body()).toString('base64')))).size).toBe(1);
  expect((await get(request, url, { accept: 'image/webp' })).headers()['x-image-cache']).toBe('hit');
});

test('the disk cache keeps at most its bound (IMAGE_CACHE_MAX_ENTRIES, 40 in the test server), least recently used out', async ({ request }) => {
  const first = `${PHOTO}?sw=25&q=40`;
  expect((await get(request, first)).headers()['x-image-cache']).toBe('miss');
  expect((await get(request, first)).headers()['x-image-cache']).toBe('hit');
  // 50 other variants, each a new file.
  for (let i = 2; i <= 51; i++) {
    const r = await get(request, `${PHOTO}?sw=${25 * (1 + (i % 10))}&q=${40 + 10 * Math.floor(i / 10)}&sm=cut&sh=${25 * (1 + (i % 10))}`);
    expect(r.status()).toBe(200);
    expect(readdirSync(CACHE_DIR).filter((f) => !f.startsWith('.')).length).toBeLessThanOrEqual(40);
  }
  expect((await get(request, first)).headers()['x-image-cache'], 'the oldest was let go, and is made again').toBe('miss');
});

test('making a variant does not hold up the server: other requests are answered while it is made', async ({ request }) => {
  const order: string[] = [];
  // The largest AVIF, at a quality no other test asks for: the slowest variant there is, made on sharp's threads.
  const making = get(request, `${PHOTO}?size=zoom&q=60&strip=false`, { accept: 'image/avif' }).then((r) => {
    order.push('image');
    return r;
  });
  const others = Array.from({ length: 5 }, () =>
    request.get('/api/checkout/shipping_methods').then((r) => {
      order.push('api');
      return r;
    }),
  );
  for (const r of await Promise.all(others)) expect(r.status()).toBe(200);
  const image = await making;
  expect(image.headers()['x-image-cache']).toBe('miss');
  expect(order).toEqual(['api', 'api', 'api', 'api', 'api', 'image']);
});
