import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, pruneAndReadBasket, removeItem, setShippingMethod, setShippingState, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { readBasketStamp, readSessionAndBagStamp } from '#src/server/commerce/basket-stamp.ts';
import { createSession } from '#src/server/session/session.ts';
import { raiseCatalogVersion } from '#src/server/commerce/catalog-version.ts';
import { applyCode, removeCoupon } from '#src/server/commerce/coupons.ts';
import { reserveStock } from '#src/server/commerce/stock.ts';
import { writeCheckout } from '#src/server/checkout/checkout-store.ts';
import { withWriteTransaction } from '#src/server/db/transaction.ts';
import { freshDb, PG_URL, type TestDb } from '../helpers/db.ts';
import { newSessionHolder } from '#src/server/session/session.ts';

/**
 * The bag's stamp that each instance's kept priced bags are checked against (src/server/bag/priced-bags.ts), on the
 * configured database and read from another handle (another app instance): every kind of write that changes what
 * the bag shows changes it (the triggers of migration 016 for the bag's own tables), and a read does not. A bag read
 * takes it in one statement with the session holding the bag, and gets the same stamp.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

describe("the bag's stamp", () => {
  it('changes with every write to the bag, its lines, codes and checkout choices, and not with a read', async () => {
    const other = t.another();
    const { basketId, itemId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    const { session } = await createSession(t.db, 3600, { basketId });
    const stamp = async () => {
      const alone = await readBasketStamp(other.kysely, basketId);
      const withSession = await readSessionAndBagStamp(other.kysely, session.id);
      expect(withSession.row?.basket_id).toBe(basketId);
      expect(withSession.with).toBe(alone);
      return alone;
    };
    const seen = [await stamp()];
    const expectChanged = async (what: string) => {
      const now = await stamp();
      expect(seen, what).not.toContain(now);
      seen.push(now);
    };
    await pruneAndReadBasket(t.db, basketId);
    expect(await stamp()).toBe(seen[0]);

    await addItem(t.db, basketId, { productId: 'ww-2003-nvy-M', quantity: 1 });
    await expectChanged('a second line');
    await updateItemQuantity(t.db, basketId, itemId, 2);
    await expectChanged("a line's quantity");
    const outcome = await applyCode(t.db, basketId, 'SAVE15', '', false);
    expect(outcome.statusCode).toBe('applied');
    await expectChanged('a coupon');
    await removeCoupon(t.db, basketId, outcome.couponItemId);
    await expectChanged('the coupon removed');
    await setShippingState(t.db, basketId, 'NY');
    await expectChanged('the state it ships to');
    await setShippingMethod(t.db, basketId, 'Express');
    await expectChanged('the shipping method');
    await withWriteTransaction(t.db, (tx) => writeCheckout(tx, basketId, { ecoship: true }));
    await expectChanged('a checkout choice (first)');
    await withWriteTransaction(t.db, (tx) => writeCheckout(tx, basketId, { protection: 2 }));
    await expectChanged('a checkout choice (again)');
    await removeItem(t.db, basketId, itemId);
    await expectChanged('a line removed');
    await raiseCatalogVersion(t.db.kysely);
    await expectChanged('the catalog changed');
    await t.db.kysely.updateTable('baskets').set({ status: 'ordered' }).where('id', '=', basketId).execute();
    await expectChanged('the bag ordered');
  });

  it('changes when an order of another bag takes the stock of one of its lines, and is null for no bag', async () => {
    const { basketId } = await addItem(t.db, null, { productId: 'jl-4001-cor-8', quantity: 1 });
    const before = await readBasketStamp(t.db.kysely, basketId);
    await reserveStock(t.another(), [{ sku: 'jl-4001-cor-8', quantity: 1 }]);
    expect(await readBasketStamp(t.db.kysely, basketId)).not.toBe(before);
    expect(await readBasketStamp(t.db.kysely, 'no-such-bag')).toBeNull();
  });

  it('read with a session: none for a session without a bag, and no row for an unknown session', async () => {
    const { session } = await createSession(t.db, 3600);
    const empty = await readSessionAndBagStamp(t.db.kysely, session.id);
    expect(empty.row?.usid).toBe(session.usid);
    expect(empty.with).toBeNull();
    expect(await readSessionAndBagStamp(t.db.kysely, 'no-such-session')).toEqual({ row: undefined, with: null });
  });

  it.runIf(PG_URL)('is raised once by a transaction, however many of its rows it writes; a first add writes its new bag once', async () => {
    const version = async (id: string) =>
      (await t.db.kysely.selectFrom('baskets').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    const first = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 }, newSessionHolder(3600, 'b'.repeat(32)));
    // Made in the statement that wrote its line: nobody can have priced it before, so its line did not raise it.
    expect(await version(first.basketId)).toBe(0);
    const other = t.another();
    const before = await readBasketStamp(other.kysely, first.basketId);
    await withWriteTransaction(t.db, async (tx) => {
      await tx.updateTable('baskets').set({ shipping_state_code: 'NY' }).where('id', '=', first.basketId).execute();
      await tx.updateTable('basket_items').set({ quantity: 2 }).where('basket_id', '=', first.basketId).execute();
      await tx.updateTable('basket_items').set({ quantity: 3 }).where('basket_id', '=', first.basketId).execute();
    });
    expect(await version(first.basketId)).toBe(1);
    expect(await readBasketStamp(other.kysely, first.basketId)).not.toBe(before);
    // Another transaction raises it again.
    await updateItemQuantity(t.db, first.basketId, first.itemId, 1);
    expect(await version(first.basketId)).toBeGreaterThan(1);
  });
});
