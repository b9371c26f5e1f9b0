import { afterAll, beforeAll, expect, it } from 'vitest';
import { readProduct, readSummaries, toSummary } from '#src/server/commerce/catalog.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

/** The set-based tile read of listing pages gives exactly what reading each product whole gives. */
it('tiles read in one go equal each product read whole, for every seeded product, in the order asked', async () => {
  const ids = (await t.db.kysely.selectFrom('products').select('id').orderBy('name', 'desc').execute()).map((r) => r.id);
  const whole = await Promise.all(ids.map(async (id) => toSummary((await readProduct(t.db, id))!)));
  expect(await readSummaries(t.db, ids)).toEqual(whole);
  // Sale ranges, clearance and final-sale colours and brand promotions are all in there.
  expect(whole.some((s) => s.finalPrice.min < s.finalPrice.max)).toBe(true);
  expect(whole.some((s) => s.finalPrice.max < s.listPrice.max)).toBe(true);
});

it('follows a promotion that ends, and leaves unknown ids out', async () => {
  const before = (await readSummaries(t.db, ['fb-1001', 'no-such-id']))!;
  expect(before.map((s) => s.id)).toEqual(['fb-1001']);
  await t.db.kysely.updateTable('promotions').set({ ends_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', 'fb-tops-20').execute();
  try {
    const after = (await readSummaries(t.db, ['fb-1001']))[0]!;
    expect(after.finalPrice.max).toBeGreaterThan(before[0]!.finalPrice.max);
    expect(after).toEqual(toSummary((await readProduct(t.db, 'fb-1001'))!));
  } finally {
    await t.db.kysely.updateTable('promotions').set({ ends_at: null }).where('id', '=', 'fb-tops-20').execute();
  }
  expect(await readSummaries(t.db, [])).toEqual([]);
});
