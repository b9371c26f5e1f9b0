import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * Guest and customer sessions, stored in the database so that any app instance can serve any request.
 * The cookie carries a 256-bit random token; the table keeps only its SHA-256, so a leaked dump or log of the
 * table cannot be replayed as a cookie. `usid` is a separate 128-bit identifier the spec's payloads carry.
 */
export const SESSION_COOKIE = 'sid';
export const USID_COOKIE = 'usid';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface Session {
  id: string;
  usid: string;
  basketId: string | null;
  customerId: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

export async function loadSession(db: Db, token: string | undefined, ttlSeconds: number): Promise<Session | null> {
  if (!isWellFormedToken(token)) return null;
  const id = hashToken(token);
  const now = new Date();
  const row = await db.kysely.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  // Sliding expiry, written at most about once a day per session rather than on every request.
  const renewAt = new Date(now.getTime() + (ttlSeconds - 86400) * 1000).toISOString();
  if (row.expires_at < renewAt) {
    await db.kysely.updateTable('sessions').set({ expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString() }).where('id', '=', id).execute();
  }
  return { id, usid: row.usid, basketId: row.basket_id, customerId: row.customer_id };
}

export async function createSession(db: Db, ttlSeconds: number): Promise<{ token: string; session: Session }> {
  const token = randomBytes(32).toString('base64url');
  const usid = randomBytes(16).toString('hex');
  const now = new Date();
  const id = hashToken(token);
  await db.kysely
    .insertInto('sessions')
    .values({ id, usid, customer_id: null, basket_id: null, created_at: now.toISOString(), expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString() })
    .execute();
  // Expired sessions are swept now and then by whichever instance happens to create one.
  if (Math.random() < 0.01) await db.kysely.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).execute();
  return { token, session: { id, usid, basketId: null, customerId: null } };
}

export async function attachBasket(db: Db, session: Session, basketId: string): Promise<void> {
  if (session.basketId === basketId) return;
  await db.kysely.updateTable('sessions').set({ basket_id: basketId }).where('id', '=', session.id).execute();
  session.basketId = basketId;
}
