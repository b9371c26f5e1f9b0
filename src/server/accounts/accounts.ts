import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { CommerceError } from '../commerce/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from './password.ts';
import { clear, hit, LIMITS, release } from './throttle.ts';
import { enrolInRewards } from './rewards.ts';

export interface Customer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  basketId: string | null;
}

/** One reply for an unknown e-mail and a wrong password, so sign-in cannot tell who has an account. */
export const SIGN_IN_FAILED = 'The email or password you entered is incorrect.';
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes, or reset your password with Forgot Password?';

export class AccountError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.status = status;
  }
}

const toCustomer = (r: { id: string; email: string; first_name: string; last_name: string; basket_id: string | null }): Customer => ({
  id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, basketId: r.basket_id,
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
        id, email: input.email.toLowerCase(), first_name: input.firstName, last_name: input.lastName, password_hash, basket_id: null,
        created_at: new Date().toISOString(), email_verified_at: input.emailVerified ? new Date().toISOString() : null,
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

/**
 * Checks an e-mail and password. Attempts are counted per account and per client address before the password is
 * checked (one atomic statement each), so attempts sent in parallel cannot all slip under the limit; past either
 * limit the attempt is refused without checking the password (password reset stays open). A successful attempt
 * is taken back off: the account's count is cleared and the address's reduced by one. An unknown e-mail costs the
 * same argon2 work as a wrong password and gets the same reply.
 */
export async function authenticate(db: Db, email: string, password: string, clientAddress: string): Promise<Customer> {
  const accountKey = `login:acct:${email.toLowerCase()}`;
  const addressKey = `login:addr:${clientAddress}`;
  const overAccount = await hit(db, accountKey, LIMITS.loginPerAccount);
  const overAddress = await hit(db, addressKey, LIMITS.loginPerAddress);
  if (overAccount || overAddress) throw new AccountError(TOO_MANY_ATTEMPTS, 429);
  const customer = await findCustomerByEmail(db, email);
  const ok = await verifyPassword(password, customer?.passwordHash ?? (await dummyHash()));
  if (!customer || !customer.passwordHash || !ok) throw new AccountError(SIGN_IN_FAILED, 401);
  await clear(db, accountKey);
  await release(db, addressKey);
  return customer;
}

export async function setPassword(db: Db, customerId: string, password: string): Promise<void> {
  await db.kysely.updateTable('customers').set({ password_hash: await hashPassword(password) }).where('id', '=', customerId).execute();
}

/** A guest's order by its number and the e-mail it was placed with (both must match), for Track my order. */
export async function findGuestOrder(db: Db, orderNo: string, email: string) {
  return db.kysely
    .selectFrom('orders')
    .select(['order_no', 'status', 'total_cents', 'placed_at'])
    .where('order_no', '=', orderNo)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function listOrders(db: Db, customerId: string) {
  return db.kysely.selectFrom('orders').select(['order_no', 'status', 'total_cents', 'placed_at']).where('customer_id', '=', customerId).orderBy('placed_at', 'desc').execute();
}
