import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, wipe } from '#src/server/catalog/seed.ts';
import { listDocuments, publishDocument, saveDocument } from '#src/server/content/content-store.ts';
import { upsertEditor } from '#src/server/content/editor-accounts.ts';
import type { Database } from '#src/server/db/schema.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';
import { certificateFor, grantRewards, rewardsCustomer } from '../helpers/rewards-fixtures.ts';
import { storeCardAccount } from '../helpers/store-card-fixtures.ts';

/**
 * Wiping the store (the browser tests' fresh start, a reseed) empties every table a shopper's activity writes, money
 * kept for them included, in an order their references allow. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

describe('wiping the store', () => {
  it('empties gift cards, their ledger, rewards, certificates, store cards and owed captures, and the orders they hang on', async () => {
    const issuer = await giftCardIssuer(t.db);
    await issuer.card(2_500);
    const customer = await rewardsCustomer(t.db, ['elq']);
    await certificateFor(t.db, customer.id);
    await grantRewards(t.db, customer.id, 'elq', 1_000);
    await storeCardAccount(t.db, 10_000, customer.id);
    await t.db.kysely
      .insertInto('web_payment_captures')
      .values({
        attempt_id: 'attempt-1',
        order_id: issuer.orderId,
        authorization_id: 'auth-1',
        capture_id: null,
        created_at: new Date().toISOString(),
        captured_at: null,
      })
      .execute();
    await wipe(t.db);
    const written: (keyof Database)[] = [
      'gift_cards',
      'gift_card_ledger',
      'reward_certificates',
      'rewards_ledger',
      'store_card_accounts',
      'orders',
      'customers',
    ];
    for (const table of written) {
      const { n } = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
    await seed(t.db);
  });

  it('removes editors and their audit log, and takes every content document back to its first version, live', async () => {
    const editor = await upsertEditor(t.db, 'wiped.editor@example.com', 'publisher');
    await saveDocument(t.db, editor, 'content-assets', 1, { assets: [{ id: 'wiped', title: 'Wiped', body: 'Gone after a wipe.' }] });
    await publishDocument(t.db, editor, 'content-assets', 2, new Date(Date.now() + 86_400_000));
    await publishDocument(t.db, editor, 'content-assets', 2);
    await wipe(t.db);
    for (const table of ['editors', 'content_audit'] as const) {
      const { n } = await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(n), table).toBe(0);
    }
    const list = await listDocuments(t.db);
    expect(list.every((d) => d.latest === 1 && d.live === 1 && d.scheduled.length === 0)).toBe(true);
    await seed(t.db);
  });
});
