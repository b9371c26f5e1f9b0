import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has signed in to
 * an account holds `<customer id>.<nonce>.<HMAC-SHA256(key, customer id + nonce)>`. Sign-in attempts presenting a
 * valid one for the account are limited per device cookie, not with everyone else's (see accounts.ts authenticate),
 * so a stranger's wrong guesses cannot lock the owner out of their own browser. The key is made once and kept in
 * the database, so every instance issues and accepts the same cookies.
 */
export const DEVICE_COOKIE_SECONDS = 180 * 86400;
const SECRET_NAME = 'device-cookie-key';
const COOKIE_PATTERN = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookie {
  customerId: string;
  nonce: string;
}

const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  const find = () => db.kysely.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirst();
  let row = await find();
  if (!row) {
    // Two instances starting together: the first insert wins and both read it back.
    await db.kysely
      .insertInto('app_secrets')
      .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url'), created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    row = await find();
  }
  if (!row) throw new Error('device cookie key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

function deviceKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db)); // a failed read is tried again next time
  }
  return key;
}

const sign = (key: Buffer, customerId: string, nonce: string) => createHmac('sha256', key).update(`${customerId}.${nonce}`).digest();

/** A new device cookie value for this account (each successful sign-in gets a fresh one). */
export async function makeDeviceCookie(db: Db, customerId: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  return `${customerId}.${nonce}.${sign(await deviceKey(db), customerId, nonce).toString('base64url')}`;
}

/** The account and nonce of a genuine device cookie; null for a missing, malformed or forged one. */
export async function readDeviceCookie(db: Db, value: string | undefined): Promise<DeviceCookie | null> {
  const m = value ? COOKIE_PATTERN.exec(value) : null;
  if (!m) return null;
  const [, customerId, nonce, mac] = m as unknown as [string, string, string, string];
  const expected = sign(await deviceKey(db), customerId, nonce);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? { customerId, nonce } : null;
}
