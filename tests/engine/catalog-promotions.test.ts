import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket } from '#src/server/commerce/basket.ts';
import { loadBasket } from '#src/server/commerce/basket-load.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * The catalog's automatic and free-gift promotions, kept per catalog version by each instance for its basket reads
 * (src/server/commerce/catalog-promotions.ts), on the configured database: a promotion written anywhere reaches the
 * next read, a start or end time passing needs no write, and a transaction's own reads are never kept.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const NOW = '2030-06-01T12:00:00.000Z';
const promotion = (id: string, fields: { brand_code?: string; percent_off?: number; ends_at?: string | null } = {}) => ({
  id,
  callout_msg: `Callout ${id}`,
  details: 'Test.',
  coupon_code: null,
  percent_off: fields.percent_off ?? 10,
  brand_code: fields.brand_code ?? null,
  show_in_pdp: 1,
  starts_at: null,
  ends_at: fields.ends_at ?? null,
});
const setTopsPercent = (percent: number) =>
  t.db.kysely.updateTable('promotions').set({ percent_off: percent }).where('id', '=', 'fb-tops-20').execute();
/** The tee's unit price in a fresh read of the bag ($24.99 before promotions). */
const teePrice = async (basketId: string) => (await pruneAndReadBasket(t.db, basketId)).lines[0]!.basePrice;

describe('promotions kept per catalog version', () => {
  it('prices the next read with a promotion changed by another instance', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    expect(await teePrice(basketId)).toBe(1999);
    const other = t.another();
    await other.kysely.updateTable('promotions').set({ percent_off: 40 }).where('id', '=', 'fb-tops-20').execute();
    expect(await teePrice(basketId)).toBe(1499);
    await other.kysely.updateTable('promotions').set({ percent_off: 20 }).where('id', '=', 'fb-tops-20').execute();
    expect(await teePrice(basketId)).toBe(1999);
  });

  it("takes a promotion's end passing into account with nothing written", async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'rm-3001-blk-M', quantity: 1 });
    await t.db.kysely
      .insertInto('promotions')
      .values(promotion('cp-rm-ends', { brand_code: 'rm', ends_at: '2030-06-01T13:00:00.000Z' }))
      .execute();
    const ids = async (now: string) => (await loadBasket(t.db.kysely, basketId, now))!.autoPromotions.map((p) => p.id);
    expect(await ids(NOW)).toEqual(['cp-rm-ends', 'rm-outer-25']);
    expect(await ids('2030-06-01T13:00:00.000Z')).toEqual(['rm-outer-25']);
    await t.db.kysely.deleteFrom('promotions').where('id', '=', 'cp-rm-ends').execute();
  });

  it("gives a bag only the promotions of its masters and brands, each listing the bag's masters it is linked to", async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await t.db.kysely
      .insertInto('promotions')
      .values([promotion('cp-fb-all', { brand_code: 'fb' }), promotion('cp-ww-all', { brand_code: 'ww' })])
      .execute();
    const loaded = (await loadBasket(t.db.kysely, basketId, NOW))!;
    expect(loaded.autoPromotions.map((p) => ({ id: p.id, productIds: p.productIds }))).toEqual([
      { id: 'cp-fb-all', productIds: [] },
      { id: 'fb-tops-20', productIds: ['fb-1001'] },
    ]);
    await t.db.kysely.deleteFrom('promotions').where('id', 'in', ['cp-fb-all', 'cp-ww-all']).execute();
  });

  it('never keeps what a transaction read: a rolled-back change is not priced after another write takes its version', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    const rolledBack = new Error('rolled back on purpose');
    const inside = await withWriteTransaction(t.db, async (tx) => {
      await tx.updateTable('promotions').set({ percent_off: 70 }).where('id', '=', 'fb-tops-20').execute();
      const loaded = (await loadBasket(tx, basketId, NOW))!;
      throw Object.assign(rolledBack, { percent: loaded.autoPromotions.find((p) => p.id === 'fb-tops-20')?.percentOff });
    }).catch((err: unknown) => err);
    expect(inside).toMatchObject({ percent: 70 });
    // The same version number again, now for a committed 40 %, with no read in between.
    await setTopsPercent(40);
    expect(await teePrice(basketId)).toBe(1499);
    await setTopsPercent(20);
  });
});
