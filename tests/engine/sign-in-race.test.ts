import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { startCustomerSession } from '#src/server/accounts/sign-in.ts';
import { addItem, pruneAndReadBasket } from '#src/server/commerce/basket.ts';
import { createSession, loadSession, sessionBagHolder } from '#src/server/session/session.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

/** A guest session holding a bag with one line of `sku`, as a tab that added to its bag before signing in. */
async function guestWithBag(sku: string) {
  const guest = await createSession(t.db, 3600);
  const { basketId } = await addItem(t.db, null, { productId: sku, quantity: 1 }, sessionBagHolder(t.db, guest.session.id));
  return { ...guest, session: { ...guest.session, basketId } };
}

describe(`two tabs signing in to one account at once (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it("both guest bags end in the account's one bag, and both sessions point at it", async () => {
    for (let run = 0; run < 5; run++) {
      // The customer as both sign-ins read it before they start: no stored bag.
      const customer = await createCustomer(t.db, { email: `race${run}@example.com`, firstName: 'Ra', lastName: 'Ce', password: 'abcd1234' });
      const [a, b] = [await guestWithBag('fb-1001-blk-M'), await guestWithBag('ww-2004-blk-M')];
      const [sa, sb] = await Promise.all([
        startCustomerSession(t.db, a.session, customer, false, 3600),
        startCustomerSession(onPostgres ? t.another() : t.db, b.session, customer, false, 3600),
      ]);
      const stored = await t.db.kysely.selectFrom('customers').select('basket_id').where('id', '=', customer.id).executeTakeFirstOrThrow();
      expect(stored.basket_id).not.toBeNull();
      expect((await loadSession(t.db, sa.token, 3600))?.basketId).toBe(stored.basket_id);
      expect((await loadSession(t.db, sb.token, 3600))?.basketId).toBe(stored.basket_id);
      const bag = await pruneAndReadBasket(t.db, stored.basket_id!);
      expect(bag.lines.map((i) => i.productId).sort()).toEqual(['fb-1001-blk-M', 'ww-2004-blk-M']);
    }
  });
});
