import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachBasket, createSession, hashToken, loadSession } from '#src/server/session/session.ts';
import { createBasket } from '#src/server/commerce/basket.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

describe('sessions', () => {
  it('issues a 256-bit token and a 128-bit usid, and stores only the token hash', async () => {
    const { token, session } = await createSession(t.db, 3600);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(session.usid).toMatch(/^[0-9a-f]{32}$/);
    const row = await t.db.kysely.selectFrom('sessions').selectAll().where('id', '=', hashToken(token)).executeTakeFirst();
    expect(row).toBeDefined();
    const anyRowWithToken = await t.db.kysely.selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst();
    expect(anyRowWithToken).toBeUndefined();
  });

  it('is found from any handle on the database (another app instance) with its basket', async () => {
    const { token, session } = await createSession(t.db, 3600);
    const basketId = await createBasket(t.db.kysely);
    await attachBasket(t.db, session, basketId);
    const elsewhere = await loadSession(t.another(), token, 3600);
    expect(elsewhere).toMatchObject({ id: session.id, usid: session.usid, basketId });
  });

  it('treats a malformed, unknown or expired token as no session', async () => {
    expect(await loadSession(t.db, 'short', 3600)).toBeNull();
    expect(await loadSession(t.db, 'x'.repeat(43), 3600)).toBeNull();
    const { token, session } = await createSession(t.db, 3600);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', session.id)
      .execute();
    expect(await loadSession(t.db, token, 3600)).toBeNull();
  });

  it('indexes sessions by customer for signed-in sessions only (migration 017), and a lookup by customer uses it', async () => {
    const lookup = sql`select id from sessions where customer_id = ${'customer-1'}`;
    if (t.db.dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan ${lookup}`.execute(t.db.kysely);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('sessions_customer_idx');
      const index = await sql<{ sql: string }>`select sql from sqlite_master where name = 'sessions_customer_idx'`.execute(t.db.kysely);
      expect(index.rows[0]?.sql).toMatch(/where\s+"?customer_id"?\s+is not null/i);
      return;
    }
    const plan = await t.db.kysely.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      return sql<{ 'QUERY PLAN': string }>`explain ${lookup}`.execute(tx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join(' ')).toContain('sessions_customer_idx');
    const index = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where indexname = 'sessions_customer_idx' and schemaname = current_schema()`.execute(t.db.kysely);
    expect(index.rows[0]?.indexdef).toMatch(/WHERE \(customer_id IS NOT NULL\)/);
  });

  it('gives a guest session an hour while it holds nothing, and the guest lifetime once it holds a bag', async () => {
    const guestTtl = 30 * 86400;
    const expiresIn = async (id: string) =>
      (Date.parse((await t.db.kysely.selectFrom('sessions').select('expires_at').where('id', '=', id).executeTakeFirstOrThrow()).expires_at) -
        Date.now()) /
      1000;
    const { session } = await createSession(t.db, guestTtl);
    expect(await expiresIn(session.id)).toBeLessThanOrEqual(3600);
    await attachBasket(t.db, session, await createBasket(t.db.kysely), guestTtl);
    expect(await expiresIn(session.id)).toBeGreaterThan(guestTtl - 60);
  });
});

describe('constraints in the schema, not only in code', () => {
  it('refuses negative stock', async () => {
    await expect(t.db.kysely.updateTable('stock').set({ on_hand: -1 }).where('sku', '=', 'fb-1001-blk-M').execute()).rejects.toThrow();
  });
  it('refuses a zero quantity and a line for a variant that does not exist', async () => {
    const basketId = await createBasket(t.db.kysely);
    const line = {
      id: 'l1',
      basket_id: basketId,
      sku: 'fb-1001-blk-M',
      product_id: 'fb-1001',
      quantity: 0,
      hemming_option_id: null,
      gift_recipient: null,
      gift_sender: null,
      gift_recipient_email: null,
      gift_message: null,
      position: 0,
      created_at: new Date().toISOString(),
    };
    await expect(t.db.kysely.insertInto('basket_items').values(line).execute()).rejects.toThrow();
    await expect(
      t.db.kysely
        .insertInto('basket_items')
        .values({ ...line, id: 'l2', quantity: 1, sku: 'no-such-sku' })
        .execute(),
    ).rejects.toThrow();
  });
  it('refuses a negative price', async () => {
    await expect(t.db.kysely.updateTable('variants').set({ sale_price_cents: -5 }).where('sku', '=', 'fb-1001-blk-M').execute()).rejects.toThrow();
  });
});
