import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '#src/server/accounts/accounts.ts';
import { addItem, removeItem, updateItemQuantity } from '#src/server/commerce/basket.ts';
import { replaceItem } from '#src/server/commerce/basket-edit.ts';
import { applyCode, removeCoupon } from '#src/server/commerce/coupons.ts';
import { applyGiftCard, removeTender } from '#src/server/tenders/bag-tenders.ts';
import { sweepExpired } from '#src/server/maintenance/sweep.ts';
import { createSession } from '#src/server/session/session.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';
import { giftCardIssuer } from '../helpers/gift-card-fixtures.ts';

let t: TestDb;
const onPostgres = !!process.env.DATABASE_URL;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

const DAY = 86400_000;
const GUEST_TTL = 30 * 86400;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const count = async (
  table: 'sessions' | 'rate_limits' | 'social_logins' | 'password_resets' | 'oidc_payloads' | 'baskets' | 'basket_items' | 'basket_coupons',
) =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const exists = async (table: 'sessions' | 'baskets', id: string) =>
  !!(await t.db.kysely.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());

/** A bag with a line and a code, last touched `ageMs` ago. */
async function bag(ageMs: number): Promise<string> {
  const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
  await applyCode(t.db, basketId, 'SAVE15', '', false);
  await t.db.kysely
    .updateTable('baskets')
    .set({ updated_at: iso(-ageMs) })
    .where('id', '=', basketId)
    .execute();
  return basketId;
}

describe(`sweeping expired rows (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('deletes what has expired and keeps what is live, and bags someone still holds', async () => {
    const expire = (id: string) =>
      t.db.kysely
        .updateTable('sessions')
        .set({ expires_at: iso(-1000) })
        .where('id', '=', id)
        .execute();
    const live = (await createSession(t.db, 3600)).session;
    const gone = (await createSession(t.db, 3600)).session;
    await expire(gone.id);

    const abandoned = await bag(31 * DAY);
    const recent = await bag(1 * DAY);
    const heldBySession = await bag(40 * DAY);
    await t.db.kysely.updateTable('sessions').set({ basket_id: heldBySession }).where('id', '=', live.id).execute();
    const heldByExpiredSession = await bag(40 * DAY); // its session expires now: the bag goes with it
    const expiring = (await createSession(t.db, 3600, { basketId: heldByExpiredSession })).session;
    await expire(expiring.id);
    const heldByAccount = await bag(40 * DAY);
    const customer = await createCustomer(t.db, { email: 'sweep@example.com', firstName: 'Sw', lastName: 'Eep', password: 'abcd1234' });
    await t.db.kysely.updateTable('customers').set({ basket_id: heldByAccount }).where('id', '=', customer.id).execute();
    const ordered = await bag(40 * DAY);
    await t.db.kysely.updateTable('baskets').set({ status: 'ordered' }).where('id', '=', ordered).execute();

    await t.db.kysely
      .insertInto('rate_limits')
      .values([
        { key: 'old', count: 3, reset_at: iso(-1000), pending: 0, pending_until: null },
        { key: 'live', count: 3, reset_at: iso(60_000), pending: 0, pending_until: null },
        { key: 'in-flight', count: 0, reset_at: iso(-1000), pending: 1, pending_until: iso(10_000) },
      ])
      .execute();
    await t.db.kysely
      .insertInto('social_logins')
      .values([
        { state: 'old', provider: 'local', code_verifier: 'v', nonce: 'n', expires_at: iso(-1000) },
        { state: 'live', provider: 'local', code_verifier: 'v', nonce: 'n', expires_at: iso(60_000) },
      ])
      .execute();
    await t.db.kysely
      .insertInto('password_resets')
      .values([
        { token_hash: 'old', customer_id: customer.id, expires_at: iso(-1000), used_at: null },
        { token_hash: 'live', customer_id: customer.id, expires_at: iso(60_000), used_at: null },
      ])
      .execute();
    const oidc = (id: string, expires_at: string | null) => ({
      model: 'Session',
      id,
      payload: '{}',
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at,
      consumed_at: null,
    });
    await t.db.kysely
      .insertInto('oidc_payloads')
      .values([oidc('old', iso(-1000)), oidc('live', iso(60_000)), oidc('forever', null)])
      .execute();

    const merchantSession = (id: string, expires_at: string) => ({
      id,
      domain_name: 'store.example',
      expires_at,
      used_at: null,
      created_at: iso(-DAY),
    });
    await t.db.kysely
      .insertInto('wallet_merchant_sessions')
      .values([merchantSession('old', iso(-1000)), merchantSession('live', iso(60_000))])
      .execute();

    const swept = await sweepExpired(t.db, { guestTtlSeconds: GUEST_TTL });
    expect(swept).toMatchObject({ rateLimits: 1, socialLogins: 1, passwordResets: 1, oidcPayloads: 1, walletSessions: 1 });
    expect(swept.sessions).toBeGreaterThanOrEqual(2);
    expect([await exists('sessions', live.id), await exists('sessions', gone.id), await exists('sessions', expiring.id)]).toEqual([
      true,
      false,
      false,
    ]);
    const kept = { abandoned, recent, heldBySession, heldByExpiredSession, heldByAccount, ordered };
    const after = Object.fromEntries(await Promise.all(Object.entries(kept).map(async ([k, id]) => [k, await exists('baskets', id)])));
    expect(after).toEqual({ abandoned: false, recent: true, heldBySession: true, heldByExpiredSession: false, heldByAccount: true, ordered: true });
    // The lines and codes of swept bags go with them.
    const orphans = await t.db.kysely.selectFrom('basket_items').select('id').where('basket_id', 'in', [abandoned, heldByExpiredSession]).execute();
    expect(orphans).toEqual([]);
    expect(await t.db.kysely.selectFrom('basket_coupons').select('id').where('basket_id', 'in', [abandoned, heldByExpiredSession]).execute()).toEqual(
      [],
    );
    expect((await t.db.kysely.selectFrom('rate_limits').select('key').orderBy('key').execute()).map((r) => r.key)).toEqual(['in-flight', 'live']);
    expect((await t.db.kysely.selectFrom('social_logins').select('state').execute()).map((r) => r.state)).toEqual(['live']);
    expect((await t.db.kysely.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash)).toEqual(['live']);
    expect(
      (await t.db.kysely.selectFrom('oidc_payloads').select('id').where('model', '=', 'Session').orderBy('id').execute()).map((r) => r.id),
    ).toEqual(['forever', 'live']);
    expect((await t.db.kysely.selectFrom('wallet_merchant_sessions').select('id').execute()).map((r) => r.id)).toEqual(['live']);
  });

  it('deletes mail older than its retention (MAIL_RETENTION_DAYS, 30 by default), sealed or not', async () => {
    const mail = (id: string, ageMs: number, sealed: string | null) => ({
      id,
      to_address: 'kept@example.com',
      subject: 'Your order',
      text_body: 'Thank you',
      sealed_body: sealed,
      created_at: iso(-ageMs),
    });
    await t.db.kysely
      .insertInto('outbox')
      .values([mail('old', 30 * DAY + 60_000, null), mail('old-sealed', 31 * DAY, 'v1.sealed'), mail('recent', 30 * DAY - 60_000, 'v1.sealed')])
      .execute();
    const swept = await sweepExpired(t.db, { guestTtlSeconds: GUEST_TTL });
    expect(swept.outbox).toBe(2);
    expect((await t.db.kysely.selectFrom('outbox').select('id').where('to_address', '=', 'kept@example.com').execute()).map((r) => r.id)).toEqual([
      'recent',
    ]);
  });

  it('every change to a bag keeps that bag, and only it, from the sweep, and the added notice names the line last added', async () => {
    const watched = await bag(31 * DAY);
    const other = await bag(31 * DAY);
    const row = (id: string) =>
      t.db.kysely.selectFrom('baskets').select(['updated_at', 'last_added_item_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const age = () =>
      t.db.kysely
        .updateTable('baskets')
        .set({ updated_at: iso(-31 * DAY) })
        .where('id', 'in', [watched, other])
        .execute();
    const changed: string[] = [];
    const expectTouched = async (step: string) => {
      const [mine, theirs] = [await row(watched), await row(other)];
      if (mine.updated_at > iso(-DAY)) changed.push(step);
      expect(theirs.updated_at < iso(-30 * DAY)).toBe(true);
      await age();
    };

    const { itemId } = await addItem(t.db, watched, { productId: 'fb-1002-olv-M', quantity: 1 });
    expect((await row(watched)).last_added_item_id).toBe(itemId);
    await expectTouched('add a line');
    await updateItemQuantity(t.db, watched, itemId, 2);
    await expectTouched('change its quantity');
    await replaceItem(t.db, watched, itemId, { productId: 'fb-1002-olv-M', quantity: 3 });
    await expectTouched('edit it');
    const code = await applyCode(t.db, watched, 'DRESS10', '', false);
    await expectTouched('apply a code');
    await removeCoupon(t.db, watched, code.couponItemId);
    await expectTouched('remove the code');
    const card = await (await giftCardIssuer(t.db)).card(500);
    const tender = await applyGiftCard(t.db, watched, card.number, card.pin, 'sweep-test');
    await expectTouched('apply a gift card');
    await removeTender(t.db, watched, tender.id);
    await expectTouched('remove the gift card');
    await removeItem(t.db, watched, itemId);
    expect((await row(watched)).last_added_item_id).toBeNull();
    await expectTouched('remove the line');

    expect(changed).toEqual([
      'add a line',
      'change its quantity',
      'edit it',
      'apply a code',
      'remove the code',
      'apply a gift card',
      'remove the gift card',
      'remove the line',
    ]);
    const swept = await sweepExpired(t.db, { guestTtlSeconds: GUEST_TTL });
    expect(swept.baskets).toBeGreaterThanOrEqual(2);
    expect([await exists('baskets', watched), await exists('baskets', other)]).toEqual([false, false]);
  });

  it('works in bounded batches, and several sweeps at once (as every instance runs one) delete each row once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await createSession(t.db, 3600)).session.id);
    await t.db.kysely
      .updateTable('sessions')
      .set({ expires_at: iso(-1000) })
      .where('id', 'in', ids)
      .execute();
    for (let i = 0; i < 12; i++) await bag(31 * DAY);
    const before = { sessions: await count('sessions'), baskets: await count('baskets') };

    // One batch of 5 is all a run with maxBatches 1 may take.
    const first = await sweepExpired(t.db, { guestTtlSeconds: GUEST_TTL, batchSize: 5, maxBatches: 1 });
    expect([first.sessions, first.baskets]).toEqual([5, 5]);
    expect(await count('sessions')).toBe(before.sessions - 5);

    const handles = Array.from({ length: 4 }, (_, i) => (onPostgres && i > 0 ? t.another() : t.db));
    const runs = await Promise.all(handles.map((h) => sweepExpired(h, { guestTtlSeconds: GUEST_TTL, batchSize: 3, maxBatches: 100 })));
    expect(runs.reduce((n, r) => n + r.sessions, 0)).toBe(35);
    expect(runs.reduce((n, r) => n + r.baskets, 0)).toBe(7);
    expect(await count('sessions')).toBe(before.sessions - 40);
    expect(await count('baskets')).toBe(before.baskets - 12);
  });
});
