import { expect, test, type APIRequestContext, type PlaywrightWorkerArgs } from '@playwright/test';
import { SECOND_INSTANCE_PORT } from '../../playwright.config.ts';
import { e2eDb } from '../helpers/e2e-db.ts';
import { exportFeed } from '#src/server/catalog/catalog-export.ts';
import { importFeed } from '#src/server/catalog/catalog-import.ts';

/**
 * Pages made from the catalog follow it without a rebuild: a change written to the database
 * reaches the product page (its JSON-LD too), its category page, its brand page and the home page's tiles on both app
 * instances (scripts/e2e-server.ts runs two on one database), each of which had the page cached before the change.
 * Waits are polls for the change (each instance reads the catalog stamp every 2 s), never fixed sleeps.
 */
const CHANGE_TIMEOUT = 20_000;

interface Target {
  id: string;
  slug: string;
  category: string;
  brand: string;
}
const pages = (t: Target) => ({ product: `/p/${t.slug}`, category: `/c/${t.category}/`, brand: `/brand/${t.brand}/`, home: '/' });

function jsonLd(html: string): { offers: { lowPrice: string; highPrice: string } } {
  const found = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!found) throw new Error('no JSON-LD in the page');
  return JSON.parse(found[1]!);
}
/** The (final) price shown on the tile linking to a product, without the struck list price. */
function tilePrice(html: string, slug: string): string {
  const found = new RegExp(`href="/p/${slug}">.*?<span class="tile-price">(.*?)</span>`, 's').exec(html);
  if (!found) throw new Error(`no tile for ${slug}`);
  return found[1]!.split('<s>')[0]!.trim();
}

/** Both instances, each with the product, category, brand and home pages read (and so cached) before the change. */
async function bothInstances(request: APIRequestContext, playwright: PlaywrightWorkerArgs['playwright'], baseURL: string) {
  const other = await playwright.request.newContext({ baseURL: baseURL.replace(/:\d+$/, `:${SECOND_INSTANCE_PORT}`) });
  return { instances: [request, other], dispose: () => other.dispose() };
}
async function read(instance: APIRequestContext, path: string): Promise<string> {
  const r = await instance.get(path);
  expect(r.status(), path).toBe(200);
  return r.text();
}

test('a price imported for one product reaches its product, category, brand and home pages on both instances', async ({
  request,
  playwright,
  baseURL,
}) => {
  const target = { id: 'bh-5004', slug: 'sports-bra-high-impact-bh-5004', category: 'bras', brand: 'bh' };
  const { product, category, brand, home } = pages(target);
  const db = e2eDb();
  const { instances, dispose } = await bothInstances(request, playwright, baseURL!);
  let original: string | undefined;
  for await (const line of exportFeed(db)) if (JSON.parse(line).id === target.id) original = line;
  try {
    for (const instance of instances) {
      expect(jsonLd(await read(instance, product)).offers.lowPrice).toBe('58.00');
      for (const path of [category, brand, home]) expect(tilePrice(await read(instance, path), target.slug)).toBe('$58.00');
    }
    const etag = (await instances[0]!.get(product, { headers: { 'accept-encoding': 'br' } })).headers().etag!;

    const changed = JSON.parse(original!);
    for (const color of changed.colors) for (const variant of color.variants) variant.salePriceCents = 4900;
    const report = await importFeed(db, [JSON.stringify(changed)]);
    expect(report.imported, JSON.stringify(report.issues)).toBe(true);

    for (const instance of instances) {
      await expect.poll(async () => jsonLd(await read(instance, product)).offers.lowPrice, { timeout: CHANGE_TIMEOUT }).toBe('49.00');
      expect(await read(instance, product)).toContain('$49.00');
      for (const path of [category, brand, home]) {
        await expect.poll(async () => tilePrice(await read(instance, path), target.slug), { timeout: CHANGE_TIMEOUT }).toBe('$49.00');
      }
    }
    // The browser's copy from before the change is not confirmed any more.
    expect((await instances[0]!.get(product, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).status()).toBe(200);
  } finally {
    if (original) await importFeed(db, [original]);
    await db.kysely.destroy();
    await dispose();
  }
});

test('a promotion created and then ended reaches the product and category pages on both instances', async ({ request, playwright, baseURL }) => {
  // $31.99 to $39.99 on sale; a quarter off makes $23.99 to $29.99.
  const target = { id: 'bh-5002', slug: 'lace-balconette-bra-bh-5002', category: 'bras', brand: 'bh' };
  const { product, category } = pages(target);
  const db = e2eDb();
  const { instances, dispose } = await bothInstances(request, playwright, baseURL!);
  const id = 'e2e-pages-quarter-off';
  const callout = 'A quarter off this bra, for the page cache test';
  try {
    for (const instance of instances) {
      const page = await read(instance, product);
      expect(page).not.toContain(callout);
      expect(jsonLd(page).offers.lowPrice).toBe('31.99');
      expect(tilePrice(await read(instance, category), target.slug)).toBe('$31.99 – $39.99');
    }

    await db.kysely
      .insertInto('promotions')
      .values({
        id,
        callout_msg: callout,
        details: 'Test.',
        coupon_code: null,
        percent_off: 25,
        brand_code: null,
        show_in_pdp: 1,
        starts_at: null,
        ends_at: null,
      })
      .execute();
    await db.kysely.insertInto('promotion_products').values({ promotion_id: id, product_id: target.id }).execute();
    for (const instance of instances) {
      await expect.poll(async () => read(instance, product), { timeout: CHANGE_TIMEOUT }).toContain(callout);
      expect(jsonLd(await read(instance, product)).offers.lowPrice).toBe('23.99');
      await expect.poll(async () => tilePrice(await read(instance, category), target.slug), { timeout: CHANGE_TIMEOUT }).toBe('$23.99 – $29.99');
    }

    await db.kysely.updateTable('promotions').set({ ends_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    for (const instance of instances) {
      await expect.poll(async () => read(instance, product), { timeout: CHANGE_TIMEOUT }).not.toContain(callout);
      expect(jsonLd(await read(instance, product)).offers.lowPrice).toBe('31.99');
      await expect.poll(async () => tilePrice(await read(instance, category), target.slug), { timeout: CHANGE_TIMEOUT }).toBe('$31.99 – $39.99');
    }
  } finally {
    await db.kysely.deleteFrom('promotion_products').where('promotion_id', '=', id).execute();
    await db.kysely.deleteFrom('promotions').where('id', '=', id).execute();
    await db.kysely.destroy();
    await dispose();
  }
});

test('an unknown product, category or brand is a 404 on both instances', async ({ request, playwright, baseURL }) => {
  const { instances, dispose } = await bothInstances(request, playwright, baseURL!);
  try {
    for (const instance of instances) {
      for (const path of ['/p/no-such-product-zz-0000', '/c/no-such-category/', '/brand/zz/']) {
        expect((await instance.get(path)).status(), path).toBe(404);
      }
    }
  } finally {
    await dispose();
  }
});

test('search results and quick order are kept by their query: a second request is answered from the cache (ETag, 304)', async ({ request }) => {
  for (const [path, same] of [
    ['/search?q=dress&sort=name', '/search?sort=name&q=dress'],
    ['/quick-order?q=fb-1001', '/quick-order?q=fb-1001'],
  ] as const) {
    const first = await request.get(path, { headers: { 'accept-encoding': 'br' } });
    expect(first.status(), path).toBe(200);
    const etag = first.headers().etag;
    expect(etag, path).toMatch(/-br"$/);
    // The same parameters in another order are the same page.
    const again = await request.get(same, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    expect(again.status(), same).toBe(304);
    // Another query is another page.
    const other = await request.get(`${path}x`, { headers: { 'accept-encoding': 'br' } });
    expect(other.headers().etag, `${path}x`).not.toBe(etag);
  }
});
