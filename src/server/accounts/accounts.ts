import { randomUUID } from 'node:crypto';
import { AccountError } from './account-error.ts';
import type { Db } from '../db/database.ts';
import { CommerceError } from '../commerce/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { LIMITS, limitOr429, reserveAttempt, settleAttempt, type CountedKey } from '../http/throttle.ts';
import { readDeviceCookie } from './device-cookie.ts';
import { enrolInRewards } from '../rewards/rewards-record.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';

/** One reply for an unknown e-mail and a wrong password, so sign-in cannot tell who has an account. */
export const SIGN_IN_FAILED = 'The email or password you entered is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes, or reset your password with Forgot Password?';

export { AccountError };

const toCustomer = (r: { id: string; email: string; first_name: string; last_name: string; basket_id: string | null }): Customer => ({
  id: r.id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  basketId: r.basket_id,
});

export async function findCustomerByEmail(db: Db, email: string): Promise<(Customer & { passwordHash: string | null }) | null> {
  const row = await db.kysely.selectFrom('customers').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? { ...toCustomer(row), passwordHash: row.password_hash } : null;
}

export async function findCustomer(db: Db, id: string): Promise<Customer | null> {
  const row = await db.kysely.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCustomer(row) : null;
}

export async function isRegistered(db: Db, email: string): Promise<boolean> {
  return !!(await db.kysely.selectFrom('customers').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst());
}

export async function createCustomer(
  db: Db,
  input: { email: string; firstName: string; lastName: string; password: string | null; emailVerified?: boolean },
): Promise<Customer> {
  const id = randomUUID();
  const password_hash = input.password ? await hashPassword(input.password) : null;
  try {
    await db.kysely
      .insertInto('customers')
      .values({
        id,
        email: input.email.toLowerCase(),
        first_name: input.firstName,
        last_name: input.lastName,
        password_hash,
        basket_id: null,
        created_at: new Date().toISOString(),
        email_verified_at: input.emailVerified ? new Date().toISOString() : null,
      })
      .execute();
  } catch (err) {
    if (await isRegistered(db, input.email)) {
      throw new CommerceError('conflict', 'It looks like you already have an account. Please sign in, or reset your password.');
    }
    throw err;
  }
  await enrolInRewards(db, id);
  return { id, email: input.email.toLowerCase(), firstName: input.firstName, lastName: input.lastName, basketId: null };
}

/** Counts an account creation from this client address; past the limit, a 429 with a clear message. */
export async function limitRegistrations(db: Db, clientAddress: string): Promise<void> {
  await limitOr429(
    db,
    `register:addr:${clientAddress}`,
    LIMITS.registrationsPerAddress,
    'Too many accounts created from here. Please wait a few minutes and try again.',
  );
}

/** The account's bucket for sign-ins from clients without its device cookie (cleared by a password reset). */
export const untrustedSignInKey = (email: string) => `login:acct:${email.toLowerCase()}`;

/** How long an attempt waits for attempts already under way on its keys before it is refused. */
const WAIT_FOR_IN_FLIGHT_MS = 10_000;

export async function reserveOrRefuse(db: Db, keys: CountedKey[]): Promise<void> {
  const deadline = Date.now() + WAIT_FOR_IN_FLIGHT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 160)) {
    const verdict = await reserveAttempt(db, keys);
    if (verdict === 'reserved') return;
    if (verdict === 'locked' || Date.now() >= deadline) throw new AccountError(TOO_MANY_ATTEMPTS, 429);
    // Busy: attempts already under way could still use up the allowance; their outcome decides this one's.
    await new Promise((r) => setTimeout(r, pause * (0.5 + Math.random())));
  }
}

/**
 * Checks an e-mail and password, with guessing limits that a stranger cannot turn against the owner (OWASP device
 * cookies; docs/decisions.md). An attempt presenting a valid device cookie for this account is limited per device
 * cookie only; any other attempt is limited in the account's "untrusted clients" bucket and per client address, and
 * a lockout there leaves known devices signing in. The limit is checked before the password and only failures are
 * counted (see reserveAttempt: parallel attempts take turns once they could reach the limit), so correct sign-ins
 * never use up an allowance. An unknown e-mail costs the same argon2 work as a wrong password and gets the same
 * reply.
 */
export async function authenticate(db: Db, email: string, password: string, clientAddress: string, deviceCookie?: string): Promise<Customer> {
  const customer = await findCustomerByEmail(db, email);
  const device = customer ? await readDeviceCookie(db, deviceCookie) : null;
  const keys: CountedKey[] =
    device && device.customerId === customer?.id
      ? [{ key: `login:device:${device.nonce}`, limit: LIMITS.loginPerDevice }]
      : [
          { key: untrustedSignInKey(email), limit: LIMITS.loginPerAccount },
          { key: `login:addr:${clientAddress}`, limit: LIMITS.loginPerAddress },
        ];
  await reserveOrRefuse(db, keys);
  let ok = false;
  try {
    ok = (await verifyPassword(password, customer?.passwordHash ?? (await dummyHash()))) && !!customer?.passwordHash;
  } finally {
    // A known device that signs in starts its count again; the untrusted bucket only runs out (OWASP: no reset).
    await settleAttempt(db, keys, !ok, ok && keys.length === 1 ? [keys[0]!.key] : []);
  }
  if (!customer || !ok) throw new AccountError(SIGN_IN_FAILED, 401);
  return customer;
}

export async function setPassword(db: Db, customerId: string, password: string): Promise<void> {
  await db.kysely
    .updateTable('customers')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', customerId)
    .execute();
}
