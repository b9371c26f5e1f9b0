import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { readyGuestBag } from '../helpers/place-order-http.ts';
import { raiseCatalogVersion } from '#src/server/commerce/catalog-version.ts';
import { publishDocument, readDocument, rollbackDocument, saveDocument } from '#src/server/content/content-store.ts';
import { e2eDb } from '../helpers/e2e-db.ts';

/** What the edge did for a reply: its Server-Timing entry `edge`. */
const edgeDid = (headers: Record<string, string>) => /edge;desc=(\w+)/.exec(headers['server-timing'] ?? '')?.[1];

test('a product page is rendered once and then answered by the edge with the page’s own cache rules; a page with the shopper’s bag never is', async ({
  request,
}) => {
  const path = '/p/striped-boat-neck-top-fb-1004/';
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(['miss', 'hit']).toContain(edgeDid(first.headers()));
  const second = await request.get(path);
  expect(edgeDid(second.headers())).toBe('hit');
  expect(await second.text()).toBe(await first.text());
  // A browser gets the page's own rules (keep it, ask again each time), never the week the edge keeps its copy.
  for (const reply of [first, second]) {
    expect(reply.headers()['cache-control']).toBe('public, max-age=0');
    expect(Object.keys(reply.headers()).filter((name) => name.startsWith('x-edge-'))).toEqual([]);
  }
  const head = await request.head(path);
  expect(head.status()).toBe(200);
  expect(edgeDid(head.headers())).toBe('hit');
  expect(head.headers()['cache-control']).toBe('public, max-age=0');
  expect(Object.keys(head.headers()).filter((name) => name.startsWith('x-edge-'))).toEqual([]);
  expect(await head.body()).toHaveLength(0);
  const again = await request.get(path, { headers: { 'if-none-match': second.headers().etag ?? '' } });
  expect(again.status()).toBe(304);
  expect(again.headers()['cache-control']).toBe('public, max-age=0');
  for (let i = 0; i < 2; i++) {
    const bag = await request.get('/cart');
    expect(edgeDid(bag.headers())).toBe('pass');
  }
  expect(edgeDid((await request.get('/api/checkout/basket')).headers())).toBe('pass');
});

test('search suggestions are kept at the edge per query, shared by every visitor', async ({ playwright }) => {
  // A query of this test's own, so no other test has asked it first.
  const query = `edge-${randomUUID().slice(0, 6)}`;
  const guest = await playwright.request.newContext();
  const shopper = await playwright.request.newContext();
  try {
    const first = await guest.post('/api/global/auto_suggest', { data: { query, fullPayload: false } });
    expect(first.status()).toBe(200);
    expect(edgeDid(first.headers())).toBe('miss');
    // Another visitor, with a bag of their own, is answered from the same copy.
    await shopper.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1004-nvy-M', quantity: 1 } });
    const second = await shopper.post('/api/global/auto_suggest', { data: { query, fullPayload: false } });
    expect(edgeDid(second.headers())).toBe('hit');
    expect(await second.text()).toBe(await first.text());
    // The whole payload is another reply, and a bad body is refused by the endpoint, never kept.
    expect(edgeDid((await guest.post('/api/global/auto_suggest', { data: { query, fullPayload: true } })).headers())).toBe('miss');
    for (let i = 0; i < 2; i++) {
      const bad = await guest.post('/api/global/auto_suggest', { data: { query: 'x'.repeat(101) } });
      expect(bad.status()).toBe(400);
      expect(edgeDid(bad.headers())).toBe('pass');
    }
  } finally {
    await guest.dispose();
    await shopper.dispose();
  }
});

test('the front door’s rules hold at the edge: another host is refused, the security headers are on every reply, replies are compressed', async ({
  request,
}) => {
  const other = await request.get('/', { headers: { host: 'shop.attacker.example' } });
  expect(other.status()).toBe(421);
  const page = await request.get('/');
  expect(page.headers()['x-frame-options']).toBe('DENY');
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  const refused = await request.post('/api/checkout/basket', { headers: { origin: 'https://shop.attacker.example' }, data: {} });
  expect(refused.status()).toBe(403);
  // Compression, brotli or gzip as the browser asks, for kept pages and rendered ones alike.
  for (const path of ['/', '/cart']) {
    const br = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['vary']).toContain('Accept-Encoding');
    expect(await br.text()).toContain('</html>');
    expect((await request.get(path, { headers: { 'accept-encoding': 'gzip' } })).headers()['content-encoding']).toBe('gzip');
    expect((await request.get(path, { headers: { 'accept-encoding': 'identity' } })).headers()['content-encoding']).toBeUndefined();
  }
});

test('a price changed by a catalog import is on the product page at the edge within 5 seconds', async ({ request }) => {
  // A product no other test of this run buys, so its changed price meets nobody's totals.
  const path = '/p/wireless-comfort-bra-bh-5003/';
  await request.get(path);
  expect(edgeDid((await request.get(path)).headers())).toBe('hit');
  const db = e2eDb();
  const variants = await db.kysely
    .selectFrom('variants')
    .select(['sku', 'list_price_cents', 'sale_price_cents'])
    .where('product_id', '=', 'bh-5003')
    .execute();
  try {
    const price = Math.max(...variants.map((v) => v.list_price_cents)) + 111;
    // What an import writes: the prices, and the catalog's version in the same transaction (catalog-import.ts).
    await db.kysely.transaction().execute(async (tx) => {
      await tx.updateTable('variants').set({ list_price_cents: price, sale_price_cents: price }).where('product_id', '=', 'bh-5003').execute();
      await raiseCatalogVersion(tx);
    });
    const shown = `$${(price / 100).toFixed(2)}`;
    // The edge reads the engine's stamp at most once a second. Under the new stamp the kept copy is served once more,
    // marked stale, while the page is rendered again behind it; from then on the new price, never the old one again.
    const seen: { fresh: boolean; stale: boolean; rules: string | undefined }[] = [];
    await expect
      .poll(
        async () => {
          const reply = await request.get(path);
          const timing = reply.headers()['server-timing'] ?? '';
          seen.push({
            fresh: (await reply.text()).includes(shown),
            stale: timing.includes('edge-stale'),
            rules: reply.headers()['cache-control'],
          });
          return seen.at(-1)!.fresh;
        },
        { timeout: 5_000, intervals: [250] },
      )
      .toBe(true);
    const firstFresh = seen.findIndex((s) => s.fresh);
    expect(seen.slice(0, firstFresh).some((s) => s.stale)).toBe(true);
    expect(seen.slice(firstFresh).every((s) => s.fresh && !s.stale)).toBe(true);
    // The stale copy, too, reaches the browser with the page's own rules.
    expect(new Set(seen.map((s) => s.rules))).toEqual(new Set(['public, max-age=0']));
    const again = await request.get(path);
    expect(edgeDid(again.headers())).toBe('hit');
    expect(await again.text()).toContain(shown);
  } finally {
    await db.kysely.transaction().execute(async (tx) => {
      for (const v of variants) {
        await tx
          .updateTable('variants')
          .set({ list_price_cents: v.list_price_cents, sale_price_cents: v.sale_price_cents })
          .where('sku', '=', v.sku)
          .execute();
      }
      await raiseCatalogVersion(tx);
    });
    await db.kysely.destroy();
  }
});

test('a published promo bar is on the pages at the edge within 5 seconds', async ({ request }) => {
  // The brand page of a brand no other test of this run visits at the edge.
  const path = '/brand/ks';
  await request.get(path);
  expect(edgeDid((await request.get(path)).headers())).toBe('hit');
  const db = e2eDb();
  const editor = { email: 'edge-publisher@example.com' };
  const live = await readDocument(db, 'promo-bar');
  const text = `Edge sale ${randomUUID().slice(0, 6)}`;
  try {
    // A slide after the others, so the pages other tests read keep their first slides.
    const content = live.content as { slides: { text: string }[] };
    const draft = { ...content, slides: [...content.slides, { ...content.slides[0]!, text }] };
    const { version } = await saveDocument(db, editor, 'promo-bar', live.version, draft);
    await publishDocument(db, editor, 'promo-bar', version);
    await expect.poll(async () => (await (await request.get(path)).text()).includes(text), { timeout: 5_000, intervals: [250] }).toBe(true);
  } finally {
    await rollbackDocument(db, editor, 'promo-bar', live.version);
    await db.kysely.destroy();
  }
});

test('an order is placed once through the edge, however many times its placement is sent at once', async ({ request }) => {
  const { orderTotal } = await readyGuestBag(request, { email: 'edge-once@example.com', items: [{ productId: 'ww-2001-ivr-M', quantity: 1 }] });
  const key = randomUUID();
  const place = () => request.post('/api/checkout/payment_place_order/create/', { headers: { 'idempotency-key': key }, data: { orderTotal } });
  const replies = await Promise.all(Array.from({ length: 50 }, place));
  const bodies = await Promise.all(replies.map((r) => r.json()));
  const confirmed = bodies.filter((b) => b.body?.confirmationStatus === 'confirmed');
  expect(confirmed.length).toBeGreaterThan(0);
  expect(new Set(confirmed.map((b) => b.body.orderNo)).size).toBe(1);
  const db = e2eDb();
  try {
    const orders = await db.kysely.selectFrom('orders').select('order_no').where('order_no', '=', confirmed[0].body.orderNo).execute();
    expect(orders).toHaveLength(1);
  } finally {
    await db.kysely.destroy();
  }
});
