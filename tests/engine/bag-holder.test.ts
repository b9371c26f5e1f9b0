import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem } from '#src/server/commerce/basket.ts';
import type { BagHolder } from '#src/server/session/bag-holder.ts';
import { createSession, newSessionHolder, sessionBagHolder } from '#src/server/session/session.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

/** A holder that is not a session: what the engine sees of whoever holds the bag. */
function memoryHolder(start: string | null) {
  const held = { basketId: start, handed: [] as string[] };
  const holder: BagHolder = {
    lockBasketId: async () => held.basketId,
    holdBasket: async (_tx, basketId) => {
      held.handed.push(basketId);
      held.basketId = basketId;
    },
  };
  return { held, holder };
}

describe('the engine and whoever holds the bag (addItem writes no session or customer table)', () => {
  it("hands a first add's new bag to the holder, and adds to the held bag after that without handing it again", async () => {
    const { held, holder } = memoryHolder(null);
    const first = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 }, holder);
    expect(held.handed).toEqual([first.basketId]);
    const second = await addItem(t.db, null, { productId: 'ww-2003-nvy-M', quantity: 1 }, holder);
    expect(second.basketId).toBe(first.basketId);
    expect(held.handed).toEqual([first.basketId]);
  });

  it("a session as the holder remembers the bag on its row, and the customer's when signed in", async () => {
    const customer = { id: 'holder-test-customer' };
    await t.db.kysely
      .insertInto('customers')
      .values({
        id: customer.id,
        email: 'holder@example.com',
        first_name: '',
        last_name: '',
        password_hash: null,
        basket_id: null,
        created_at: new Date().toISOString(),
        email_verified_at: null,
      })
      .execute();
    const { session } = await createSession(t.db, 3600, { customerId: customer.id });
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 }, sessionBagHolder(t.db, session.id));
    const row = await t.db.kysely.selectFrom('sessions').select('basket_id').where('id', '=', session.id).executeTakeFirstOrThrow();
    const account = await t.db.kysely.selectFrom('customers').select('basket_id').where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(row.basket_id).toBe(basketId);
    expect(account.basket_id).toBe(basketId);
  });

  it("a new guest's session is stored in the transaction that makes their bag, and not at all when the add is refused", async () => {
    const count = async (table: 'sessions' | 'baskets') =>
      Number(
        (
          await t.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const sessions = () => count('sessions');
    const baskets = () => count('baskets');
    const [sessionsBefore, basketsBefore] = [await sessions(), await baskets()];
    const refused = newSessionHolder(3600, 'usid-refused');
    await expect(addItem(t.db, null, { productId: 'no-such-sku', quantity: 1 }, refused)).rejects.toThrow();
    expect(refused.made).toBeUndefined();
    const tooMany = newSessionHolder(3600, 'usid-too-many');
    await expect(addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1_000 }, tooMany)).rejects.toThrow();
    expect(tooMany.made).toBeUndefined();
    expect([await sessions(), await baskets()]).toEqual([sessionsBefore, basketsBefore]);

    const holder = newSessionHolder(3600, 'usid-first-add');
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 }, holder);
    const made = holder.made!;
    expect(made.session).toMatchObject({ basketId, usid: 'usid-first-add', saved: true });
    const row = await t.another().kysely.selectFrom('sessions').selectAll().where('id', '=', made.session.id).executeTakeFirstOrThrow();
    expect(row.basket_id).toBe(basketId);
    expect(await sessions()).toBe(sessionsBefore + 1);
  });
});
