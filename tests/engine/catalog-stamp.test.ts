import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { queryCatalogStamp, readCatalogStamp, stopCatalogWatch } from '#src/server/commerce/catalog-version.ts';
import { statementsSent } from '#src/server/db/statement-count.ts';
import { reserveStock, restock } from '#src/server/commerce/stock.ts';
import { seed, wipe } from '#src/server/catalog/seed.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';

/**
 * The catalog stamp each instance's page cache compares (src/server/http/page-cache.ts), on the configured database:
 * what changes a catalog page changes it, read from another handle (another app instance); stock taken by an order
 * does not. Each instance keeps it in memory and learns of a change within a second (catalog-version.ts).
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const NOW = '2030-06-01T12:00:00.000Z';
const promotion = (id: string, window: { starts_at?: string | null; ends_at?: string | null } = {}) => ({
  id,
  callout_msg: `Callout ${id}`,
  details: 'Test.',
  coupon_code: null,
  percent_off: 10,
  brand_code: null,
  show_in_pdp: 1,
  starts_at: window.starts_at ?? null,
  ends_at: window.ends_at ?? null,
});

describe('the catalog stamp', () => {
  it('changes when a promotion is created, its products change, it is ended or deleted, seen from another instance', async () => {
    const other = t.another();
    const before = await queryCatalogStamp(other, NOW);
    await t.db.kysely.insertInto('promotions').values(promotion('stamp-new')).execute();
    const created = await queryCatalogStamp(other, NOW);
    expect(created).not.toBe(before);
    await t.db.kysely.insertInto('promotion_products').values({ promotion_id: 'stamp-new', product_id: 'jl-4004' }).execute();
    const linked = await queryCatalogStamp(other, NOW);
    expect(linked).not.toBe(created);
    await t.db.kysely.updateTable('promotions').set({ percent_off: 15 }).where('id', '=', 'stamp-new').execute();
    const edited = await queryCatalogStamp(other, NOW);
    expect(edited).not.toBe(linked);
    await t.db.kysely.deleteFrom('promotion_products').where('promotion_id', '=', 'stamp-new').execute();
    await t.db.kysely.deleteFrom('promotions').where('id', '=', 'stamp-new').execute();
    expect(await queryCatalogStamp(other, NOW)).not.toBe(edited);
  });

  it("changes when a promotion's start or end time passes, with nothing written", async () => {
    await t.db.kysely
      .insertInto('promotions')
      .values([
        promotion('stamp-later', { starts_at: '2030-06-01T13:00:00.000Z' }),
        promotion('stamp-ending', { ends_at: '2030-06-01T14:00:00.000Z' }),
      ])
      .execute();
    const noon = await queryCatalogStamp(t.db, NOW);
    expect(await queryCatalogStamp(t.db, '2030-06-01T12:59:59.999Z')).toBe(noon);
    const started = await queryCatalogStamp(t.db, '2030-06-01T13:00:00.000Z');
    expect(started).not.toBe(noon);
    expect(await queryCatalogStamp(t.db, '2030-06-01T14:00:00.000Z')).not.toBe(started);
  });

  it('changes when a free-gift promotion is written, its products change, or its window opens (migration 016)', async () => {
    const other = t.another();
    const before = await queryCatalogStamp(other, NOW);
    await t.db.kysely
      .insertInto('bonus_promotions')
      .values({
        id: 'stamp-gift',
        callout_msg: 'A free tote',
        threshold_cents: 5000,
        brand_code: null,
        max_bonus_items: 1,
        starts_at: '2030-06-01T13:00:00.000Z',
        ends_at: null,
      })
      .execute();
    const created = await queryCatalogStamp(other, NOW);
    expect(created).not.toBe(before);
    await t.db.kysely
      .insertInto('bonus_promotion_products')
      .values({ bonus_promotion_id: 'stamp-gift', product_id: 'jl-4004', position: 0 })
      .execute();
    const linked = await queryCatalogStamp(other, NOW);
    expect(linked).not.toBe(created);
    expect(await queryCatalogStamp(other, '2030-06-01T13:00:00.000Z')).not.toBe(linked);
  });

  it('changes when a brand, a shipping method or a tax rate is written (migration 022)', async () => {
    const other = t.another();
    const seen = [await queryCatalogStamp(other, NOW)];
    const expectChanged = async (what: string) => {
      const now = await queryCatalogStamp(other, NOW);
      expect(seen, what).not.toContain(now);
      seen.push(now);
    };
    await t.db.kysely.updateTable('brands').set({ tagline: 'Layers for every day' }).where('code', '=', 'fb').execute();
    await expectChanged("a brand's tagline");
    await t.db.kysely.updateTable('shipping_methods').set({ price_cents: 1299 }).where('id', '=', 'Express').execute();
    await expectChanged("a shipping method's price");
    await t.db.kysely.updateTable('tax_rates').set({ rate_bp: 900 }).where('state_code', '=', 'NY').execute();
    await expectChanged('a tax rate');
    await t.db.kysely.deleteFrom('tax_rates').where('state_code', '=', 'NY').execute();
    await expectChanged('a tax rate removed');
    await t.db.kysely.insertInto('tax_rates').values({ state_code: 'NY', rate_bp: 888 }).execute();
    await expectChanged('a tax rate added');
  });

  it('changes with a restock and a new seed, not with stock an order takes', async () => {
    const before = await queryCatalogStamp(t.db, NOW);
    await reserveStock(t.db, [{ sku: 'fb-1002-olv-M', quantity: 1 }]);
    expect(await queryCatalogStamp(t.db, NOW)).toBe(before);
    await restock(t.db, 'fb-1002-olv-M', 1, 'https://shop.example');
    const restocked = await queryCatalogStamp(t.db, NOW);
    expect(restocked).not.toBe(before);
    await wipe(t.db);
    await seed(t.db);
    expect(await queryCatalogStamp(t.db, NOW)).not.toBe(restocked);
  });
});

describe('the catalog stamp an instance keeps', () => {
  it('is read without a statement between changes, a promotion window passing included', async () => {
    const other = t.another();
    try {
      const kept = await readCatalogStamp(other, NOW);
      expect(kept).toBe(await queryCatalogStamp(t.db, NOW));
      await t.db.kysely
        .insertInto('promotions')
        .values(promotion('kept-later', { starts_at: '2030-06-01T15:00:00.000Z' }))
        .execute();
      await vi.waitFor(async () => expect(await readCatalogStamp(other, NOW)).not.toBe(kept), { timeout: 1000 });
      const before = statementsSent();
      const reads = await Promise.all(Array.from({ length: 20 }, () => readCatalogStamp(other, NOW)));
      const started = await readCatalogStamp(other, '2030-06-01T15:00:00.000Z');
      expect(statementsSent() - before).toBe(0);
      expect(new Set(reads).size).toBe(1);
      expect(started).not.toBe(reads[0]);
      expect(started).toBe(await queryCatalogStamp(t.db, '2030-06-01T15:00:00.000Z'));
    } finally {
      await stopCatalogWatch(other);
    }
  });

  it('reaches another instance within a second of a change', async () => {
    const other = t.another();
    try {
      const before = await readCatalogStamp(other, NOW);
      await restock(t.db, 'fb-1002-olv-M', 1, 'https://shop.example');
      await vi.waitFor(async () => expect(await readCatalogStamp(other, NOW)).toBe(await queryCatalogStamp(t.db, NOW)), { timeout: 1000 });
      expect(await readCatalogStamp(other, NOW)).not.toBe(before);
    } finally {
      await stopCatalogWatch(other);
    }
  });

  it.runIf(PG_URL)('on PostgreSQL, still reaches it within a second while its listening connection is lost, and listens again', async () => {
    const other = t.another();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    const listeners = async () =>
      (
        await admin.query<{ pid: number }>(
          `select pid from pg_stat_activity where query = 'listen "catalog_version"' and datname = current_database()`,
        )
      ).rows;
    try {
      await readCatalogStamp(other, NOW);
      await vi.waitFor(async () => expect((await listeners()).length).toBeGreaterThan(0));
      const ended = await listeners();
      for (const { pid } of ended) await admin.query('select pg_terminate_backend($1)', [pid]);
      const before = await readCatalogStamp(other, NOW);
      await restock(t.db, 'fb-1002-olv-M', 1, 'https://shop.example');
      await vi.waitFor(async () => expect(await readCatalogStamp(other, NOW)).not.toBe(before), { timeout: 1000 });
      // Listening again on a connection of its own.
      await vi.waitFor(async () => expect((await listeners()).some((l) => !ended.some((e) => e.pid === l.pid))).toBe(true));
    } finally {
      await admin.end();
      await stopCatalogWatch(other);
    }
  });
});
