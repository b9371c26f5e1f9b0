import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket } from '#src/server/commerce/basket.ts';
import { sessionBagHolder } from '#src/server/session/session.ts';
import { reserveStock, stockLevel } from '#src/server/commerce/stock.ts';
import { CommerceError } from '#src/server/commerce/errors.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const SKU = 'fb-1002-olv-M';
const setStock = async (onHand: number, sku = SKU) => {
  const r = await t.db.kysely.updateTable('stock').set({ on_hand: onHand }).where('sku', '=', sku).executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new Error(`no stock row for ${sku}`);
};
/**
 * A race's outcome: true when it won, false when it lost with the refusal `expected` names. Anything else (a
 * deadlock, a constraint error, a crash) is rethrown: it fails the test rather than counting as a lost race.
 */
const raced = <T>(p: Promise<T>, expected: string): Promise<boolean> =>
  p.then(
    () => true,
    (e: unknown) => {
      if (e instanceof CommerceError && e.code === expected) return false;
      throw e;
    },
  );
const attempt = (db = t.db) => raced(reserveStock(db, [{ sku: SKU, quantity: 1 }]), 'out_of_stock');

describe('the race helper', () => {
  it('counts only the expected refusal as a lost race; a crash or another refusal fails the test', async () => {
    expect(await raced(Promise.resolve(), 'out_of_stock')).toBe(true);
    expect(await raced(Promise.reject(new CommerceError('out_of_stock', 'sold out')), 'out_of_stock')).toBe(false);
    await expect(raced(Promise.reject(new Error('deadlock detected')), 'out_of_stock')).rejects.toThrow('deadlock detected');
    await expect(raced(Promise.reject(new CommerceError('not_found', 'gone')), 'out_of_stock')).rejects.toThrow('gone');
  });
});

describe(`stock reservation under concurrency (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stock 1, 20 concurrent attempts: exactly one succeeds and stock ends at 0', async () => {
    await setStock(1);
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt()));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stockLevel(t.db, SKU)).toBe(0);
  });

  // On SQLite an app process holds exactly one connection (node:sqlite waits for locks synchronously, so two
  // connections in one process would block each other); cross-process racing is the next test. This runs in the
  // PostgreSQL pass, with DATABASE_URL set (.ci/run: `vitest run tests/engine`), and is reported skipped without it.
  describe.runIf(onPostgres)('on PostgreSQL, where each app instance has a connection pool of its own', () => {
    it('stock 1, 20 attempts through 20 separate connection pools: exactly one succeeds', async () => {
      await setStock(1);
      const handles = Array.from({ length: 20 }, () => t.another());
      const results = await Promise.all(handles.map((h) => attempt(h)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await stockLevel(t.db, SKU)).toBe(0);
    });
  });

  it('20 attempts from 4 separate OS processes: exactly one succeeds', async () => {
    await setStock(1);
    const env = { ...process.env, WORKER_SQLITE_FILE: t.file ?? '', WORKER_PG_SCHEMA: t.pgSchema ?? '', WORKER_SKU: SKU, WORKER_ATTEMPTS: '5' };
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<number>((resolve, reject) => {
            const child = spawn(process.execPath, ['tests/engine/fixtures/reserve-worker.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
            let out = '';
            child.stdout.on('data', (d) => (out += d));
            child.on('exit', (code) => (code === 0 ? resolve(Number(out.trim())) : reject(new Error(`worker exited ${code}`))));
          }),
      ),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stockLevel(t.db, SKU)).toBe(0);
  });

  it('an order for several lines takes all or nothing', async () => {
    await setStock(5);
    await setStock(0, 'fb-1002-olv-L');
    await expect(
      reserveStock(t.db, [
        { sku: SKU, quantity: 2 },
        { sku: 'fb-1002-olv-L', quantity: 1 },
      ]),
    ).rejects.toThrow(/sold out/);
    expect(await stockLevel(t.db, SKU)).toBe(5);
  });

  it('concurrent adds to one bag lose no update and never pass the limit', async () => {
    await setStock(50);
    const { basketId } = await addItem(t.db, null, { productId: SKU, quantity: 1 });
    const handles = Array.from({ length: 12 }, (_, i) => (onPostgres && i % 2 ? t.another() : t.db));
    const results = await Promise.all(handles.map((h) => raced(addItem(h, basketId, { productId: SKU, quantity: 1 }), 'quantity')));
    expect(results.filter(Boolean)).toHaveLength(9);
    const b = await pruneAndReadBasket(t.db, basketId);
    expect(b.lines).toHaveLength(1);
    expect(b.lines[0]?.quantity).toBe(10);
  });
});

describe('first adds of one session at once', () => {
  it('all land in one bag, which the session knows, and no other bag is made', async () => {
    const { createSession } = await import('#src/server/session/session.ts');
    const { session } = await createSession(t.db, 3600);
    const countBaskets = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('baskets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countBaskets();
    const skus = ['fb-1001-blk-M', 'ww-2003-nvy-M', 'jl-4001-cor-8', 'rm-3002-olv-M', 'ca-7001-nvy-Misses-6', 'fb-1002-olv-M'];
    const results = await Promise.all(skus.map((productId) => addItem(t.db, null, { productId, quantity: 1 }, sessionBagHolder(t.db, session.id))));
    const baskets = new Set(results.map((r) => r.basketId));
    expect(baskets.size).toBe(1);
    const [basketId] = [...baskets];
    const row = await t.db.kysely.selectFrom('sessions').select('basket_id').where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(row.basket_id).toBe(basketId);
    expect((await pruneAndReadBasket(t.db, basketId!)).totalQuantity).toBe(skus.length);
    expect(await countBaskets()).toBe(before + 1);
  });
});
