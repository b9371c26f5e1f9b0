import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '#src/server/accounts/password.ts';
import { type AccountError, authenticate, createCustomer, SIGN_IN_FAILED } from '#src/server/accounts/accounts.ts';
import { hit, LIMITS } from '#src/server/http/throttle.ts';
import { startCustomerSession } from '#src/server/accounts/sign-in.ts';
import { addItem, pruneAndReadBasket } from '#src/server/commerce/basket.ts';
import { applyCode } from '#src/server/commerce/coupons.ts';
import { createSession, loadSession } from '#src/server/session/session.ts';
import { makeDeviceCookie, readDeviceCookie } from '#src/server/accounts/device-cookie.ts';
import { resetPassword } from '#src/server/accounts/reset.ts';
import { createHash, randomBytes } from 'node:crypto';
import { freshDb, type TestDb } from '../helpers/db.ts';

let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
});
afterAll(() => t.cleanup());

describe('password hashing', () => {
  it('stores argon2id at OWASP parameters with a random salt, and verifies', async () => {
    const a = await hashPassword('abcd1234');
    const b = await hashPassword('abcd1234');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('abcd1234', a)).toBe(true);
    expect(await verifyPassword('abcd1235', a)).toBe(false);
    expect(await verifyPassword('abcd1234', 'not-a-hash')).toBe(false);
  });
});

describe('sign-in', () => {
  it('refuses unknown e-mails and wrong passwords alike, then throttles the account', async () => {
    await createCustomer(t.db, { email: 'lock@example.com', firstName: 'Lo', lastName: 'Ck', password: 'abcd1234' });
    const fail = (email: string, pw: string) => authenticate(t.db, email, pw, '198.51.100.1').catch((e: AccountError) => e);
    const unknown = await fail('nobody@example.com', 'abcd1234');
    const wrong = await fail('lock@example.com', 'wrong1234');
    expect([unknown, wrong].map((e) => [(e as AccountError).status, (e as AccountError).message])).toEqual([
      [401, SIGN_IN_FAILED],
      [401, SIGN_IN_FAILED],
    ]);
    for (let i = 0; i < 4; i++) await fail('lock@example.com', 'wrong1234');
    expect(((await fail('lock@example.com', 'abcd1234')) as AccountError).status).toBe(429);
  });

  it('attempts sent all at once cannot slip past the limit: at most 5 passwords are checked', async () => {
    await createCustomer(t.db, { email: 'race@example.com', firstName: 'Ra', lastName: 'Ce', password: 'abcd1234' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        authenticate(t.db, 'race@example.com', `guess${i}xx`, `203.0.113.${i}`).catch((e: AccountError) => e.status),
      ),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect(results.filter((s) => s === 429)).toHaveLength(7);
  });

  it("correct sign-ins never use up the client address's allowance", async () => {
    await createCustomer(t.db, { email: 'often@example.com', firstName: 'Of', lastName: 'Ten', password: 'abcd1234' });
    for (let i = 0; i < 25; i++) await authenticate(t.db, 'often@example.com', 'abcd1234', '198.51.100.77');
    expect((await authenticate(t.db, 'often@example.com', 'abcd1234', '198.51.100.77')).email).toBe('often@example.com');
  });

  it('social linking keeps the password of an account whose e-mail was verified, and removes an unverified one', async () => {
    const { accountForSocialIdentity } = await import('#src/server/accounts/social-identity.ts');
    const verified = await createCustomer(t.db, { email: 'kept@example.com', firstName: 'Ke', lastName: 'Pt', password: 'abcd1234' });
    await t.db.kysely.updateTable('customers').set({ email_verified_at: new Date().toISOString() }).where('id', '=', verified.id).execute();
    const squatted = await createCustomer(t.db, { email: 'squat@example.com', firstName: 'Sq', lastName: 'At', password: 'abcd1234' });

    expect((await accountForSocialIdentity(t.db, 'local', { sub: 's-kept', email: 'kept@example.com', firstName: 'Ke', lastName: 'Pt' })).id).toBe(
      verified.id,
    );
    expect((await authenticate(t.db, 'kept@example.com', 'abcd1234', '198.51.100.5')).id).toBe(verified.id);

    expect((await accountForSocialIdentity(t.db, 'local', { sub: 's-squat', email: 'squat@example.com', firstName: 'Sq', lastName: 'At' })).id).toBe(
      squatted.id,
    );
    const refused = await authenticate(t.db, 'squat@example.com', 'abcd1234', '198.51.100.6').catch((e: AccountError) => e.status);
    expect(refused).toBe(401);
    // A new account made by a social sign-in counts as verified.
    const fresh = await accountForSocialIdentity(t.db, 'local', { sub: 's-new', email: 'newsocial@example.com', firstName: 'Ne', lastName: 'W' });
    const row = await t.db.kysely
      .selectFrom('customers')
      .select(['email_verified_at', 'password_hash'])
      .where('id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect(row.password_hash).toBeNull();
  });

  it('counts hits in one shared window per key', async () => {
    const limit = { max: 2, windowSeconds: 60 };
    expect(await hit(t.db, 'k1', limit)).toBe(false);
    expect(await hit(t.db, 'k1', limit)).toBe(false);
    expect(await hit(t.db, 'k1', limit)).toBe(true);
    expect(await hit(t.another(), 'k2', LIMITS.loginPerAccount)).toBe(false);
  });

  it('rotates the session and carries the guest bag into the account', async () => {
    const customer = await createCustomer(t.db, { email: 'rot@example.com', firstName: 'Ro', lastName: 'Tate', password: 'abcd1234' });
    const guest = await createSession(t.db, 3600);
    const { basketId } = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 2 });
    await t.db.kysely.updateTable('sessions').set({ basket_id: basketId }).where('id', '=', guest.session.id).execute();
    const started = await startCustomerSession(t.db, { ...guest.session, basketId }, customer, true, 3600);
    expect(started.token).not.toBe(guest.token);
    expect(await loadSession(t.db, guest.token, 3600)).toBeNull();
    const now = await loadSession(t.db, started.token, 3600);
    expect(now).toMatchObject({ customerId: customer.id, basketId, remember: true });
    expect((await pruneAndReadBasket(t.db, basketId)).totalQuantity).toBe(2);
  });

  it("carries the guest bag's codes into the stored bag at sign-in", async () => {
    const customer = await createCustomer(t.db, { email: 'codes@example.com', firstName: 'Co', lastName: 'Des', password: 'abcd1234' });
    const stored = await addItem(t.db, null, { productId: 'fb-1001-blk-M', quantity: 1 });
    await t.db.kysely.updateTable('customers').set({ basket_id: stored.basketId }).where('id', '=', customer.id).execute();
    const guest = await createSession(t.db, 3600);
    const { basketId } = await addItem(t.db, null, { productId: 'ww-2004-blk-M', quantity: 1 });
    await applyCode(t.db, basketId, 'SAVE15', '', false);
    const started = await startCustomerSession(t.db, { ...guest.session, basketId }, { ...customer, basketId: stored.basketId }, false, 3600);
    expect(started.merge.basketId).toBe(stored.basketId);
    const bag = await pruneAndReadBasket(t.db, stored.basketId);
    expect(bag.couponItems.map((c) => [c.code, c.statusCode])).toEqual([['SAVE15', 'applied']]);
  });
});

describe('sign-in limits a stranger cannot turn against the owner (device cookies)', () => {
  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (e: AccountError) => e.status,
    );
  const strangerGuesses = async (email: string, n: number) => {
    for (let i = 0; i < n; i++) expect(await status(authenticate(t.db, email, `guess${i}xx1`, `192.0.2.${i + 1}`))).toBe(401);
  };

  it('30 correct sign-ins at once all succeed', async () => {
    await createCustomer(t.db, { email: 'busy@example.com', firstName: 'Bu', lastName: 'Sy', password: 'abcd1234' });
    const results = await Promise.all(Array.from({ length: 30 }, () => status(authenticate(t.db, 'busy@example.com', 'abcd1234', '198.51.100.30'))));
    expect(results).toEqual(Array(30).fill(200));
  });

  it("after a stranger's wrong guesses, the owner's known device signs in while unknown clients are refused", async () => {
    const owner = await createCustomer(t.db, { email: 'owner@example.com', firstName: 'Ow', lastName: 'Ner', password: 'abcd1234' });
    const device = await makeDeviceCookie(t.db, owner.id);
    await strangerGuesses('owner@example.com', 5);
    expect(await status(authenticate(t.db, 'owner@example.com', 'abcd1234', '198.51.100.40'))).toBe(429);
    expect((await authenticate(t.db, 'owner@example.com', 'abcd1234', '198.51.100.40', device)).id).toBe(owner.id);
    // The device cookie is bound to its account, and a forged one is no device cookie.
    const other = await createCustomer(t.db, { email: 'other@example.com', firstName: 'Ot', lastName: 'Her', password: 'abcd1234' });
    expect(await status(authenticate(t.db, 'owner@example.com', 'abcd1234', '198.51.100.40', await makeDeviceCookie(t.db, other.id)))).toBe(429);
    const forged = `${owner.id}.${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    expect(await readDeviceCookie(t.db, forged)).toBeNull();
    expect(await status(authenticate(t.db, 'owner@example.com', 'abcd1234', '198.51.100.40', forged))).toBe(429);
  });

  it('a known device has its own limit: its wrong guesses lock that device only', async () => {
    const owner = await createCustomer(t.db, { email: 'dev@example.com', firstName: 'De', lastName: 'V', password: 'abcd1234' });
    const [mine, stolen] = [await makeDeviceCookie(t.db, owner.id), await makeDeviceCookie(t.db, owner.id)];
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => status(authenticate(t.db, 'dev@example.com', `guess${i}xx1`, '198.51.100.50', stolen))),
    );
    expect(burst.filter((s) => s === 401)).toHaveLength(5);
    expect(burst.filter((s) => s === 429)).toHaveLength(7);
    expect(await status(authenticate(t.db, 'dev@example.com', 'abcd1234', '198.51.100.50', stolen))).toBe(429);
    expect(await status(authenticate(t.db, 'dev@example.com', 'abcd1234', '198.51.100.51', mine))).toBe(200);
    expect(await status(authenticate(t.db, 'dev@example.com', 'abcd1234', '198.51.100.52'))).toBe(200);
  });

  it('a password reset lifts the lockout for unknown clients', async () => {
    const owner = await createCustomer(t.db, { email: 'reset@example.com', firstName: 'Re', lastName: 'Set', password: 'abcd1234' });
    await strangerGuesses('reset@example.com', 5);
    expect(await status(authenticate(t.db, 'reset@example.com', 'abcd1234', '198.51.100.60'))).toBe(429);
    const token = randomBytes(32).toString('base64url');
    await t.db.kysely
      .insertInto('password_resets')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        customer_id: owner.id,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        used_at: null,
      })
      .execute();
    await resetPassword(t.db, token, 'efgh5678');
    expect((await authenticate(t.db, 'reset@example.com', 'efgh5678', '198.51.100.60')).id).toBe(owner.id);
  });

  it('parallel wrong guesses from many instances stop at the limit', async () => {
    await createCustomer(t.db, { email: 'burst@example.com', firstName: 'Bu', lastName: 'Rst', password: 'abcd1234' });
    const handles = Array.from({ length: 16 }, (_, i) => (process.env.DATABASE_URL && i % 2 ? t.another() : t.db));
    const results = await Promise.all(handles.map((h, i) => status(authenticate(h, 'burst@example.com', `guess${i}xx1`, `203.0.113.${100 + i}`))));
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect(results.filter((s) => s === 429)).toHaveLength(11);
  });
});
