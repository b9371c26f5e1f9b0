import { hash, randomFillSync } from 'node:crypto';
import { sql, type QueryCreator, type Selectable } from 'kysely';
import { config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { prepared, preparedWrite } from '../db/prepared.ts';
import { lockClause, type Tx } from '../db/transaction.ts';
import type { BagHolder, NewHolding } from './bag-holder.ts';
import type { Database } from '../db/schema.ts';

/** The session holds the visitor's bag: the HTTP layer knows the holder through the session, not the engine. */
export type { BagHolder };

/**
 * Guest and customer sessions, stored in the database so that any app instance can serve any request.
 * The shopper's cookie carries a 256-bit random token (written by the web layer, src/web/http/session-cookies.ts); the table keeps only its SHA-256, so a leaked dump or log of the
 * table cannot be replayed as a cookie. `usid` is a separate 128-bit identifier the spec's payloads carry.
 * A visitor gets a row (and a cookie) only once there is something to keep: a bag or a sign-in. Until then their
 * session is a draft that lives in the request only, so reading the store writes nothing.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const DAY = 86400;

/** Keep-me-signed-in lasts 90 days (the spec's remember-me cookie); otherwise a signed-in session idles out in a day. */
export const REMEMBER_ME_SECONDS = 90 * DAY;
export const SIGNED_IN_IDLE_SECONDS = DAY;
/** A guest session that holds nothing yet lives an hour; once it holds a bag, the configured guest lifetime. */
export const EMPTY_GUEST_SECONDS = 60 * 60;

export interface Session {
  id: string;
  usid: string;
  basketId: string | null;
  customerId: string | null;
  remember: boolean;
  /** False for a draft: a guest session with no row and no cookie yet (see the request's keepSession). */
  saved: boolean;
}

export const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * Random bytes for tokens and usids, cut from a pool filled 4 KiB at a time from the system's CSPRNG (as Node's own
 * randomUUID does): every visitor's first request makes a usid, and a call to the generator for each cost more than
 * the bytes. Each byte is handed out once.
 */
const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;
function randomString(bytes: number, encoding: 'hex' | 'base64url'): string {
  if (randomOffset + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const out = randomPool.toString(encoding, randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return out;
}

export function isWellFormedToken(token: string | undefined): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

/** Server-side lifetime of a session of this kind. */
export function sessionTtl(s: Pick<Session, 'customerId' | 'remember' | 'basketId'>, guestTtl: number): number {
  if (!s.customerId) return s.basketId ? guestTtl : Math.min(EMPTY_GUEST_SECONDS, guestTtl);
  return s.remember ? REMEMBER_ME_SECONDS : SIGNED_IN_IDLE_SECONDS;
}

/** The session row by its token's hash: run on every request with a cookie, so compiled once (db/prepared.ts). */
const loadSessionRow = prepared((tx: Tx, id: string) => tx.selectFrom('sessions').selectAll().where('id', '=', id));

export async function loadSession(db: Db, token: string | undefined, guestTtl: number): Promise<Session | null> {
  return (await loadSessionWith(db, token, guestTtl, sessionRowAlone)).session;
}

/** What a session is made from: its row, read alone or with what a request reads beside it (basket-stamp.ts). */
export type SessionRow = Pick<Selectable<Database['sessions']>, 'usid' | 'basket_id' | 'customer_id' | 'remember' | 'expires_at'>;

/** A read of the session row by its id, with something of its own from the same statement (a bag read's stamp). */
export type SessionBeside<T> = (db: Db, sessionId: string) => Promise<{ row: SessionRow | undefined; with: T }>;

/** The session row alone. */
export const sessionRowAlone: SessionBeside<undefined> = async (db, id) => ({ row: (await loadSessionRow(db.kysely, id))[0], with: undefined });

/** The session the token names, read with what `beside` reads in the same statement; `with` only for a live session. */
export async function loadSessionWith<T>(
  db: Db,
  token: string | undefined,
  guestTtl: number,
  beside: SessionBeside<T>,
): Promise<{ session: Session | null; with: T | undefined }> {
  if (!isWellFormedToken(token)) return { session: null, with: undefined };
  const id = hashToken(token);
  const found = await beside(db, id);
  const session = await sessionFromRow(db, id, found.row, guestTtl);
  return { session, with: session ? found.with : undefined };
}

/** The session a row holds, while it lasts; its expiry moved on when a tenth of its lifetime has passed. */
async function sessionFromRow(db: Db, id: string, row: SessionRow | undefined, guestTtl: number): Promise<Session | null> {
  const now = new Date();
  if (!row || row.expires_at <= now.toISOString()) return null;
  const session: Session = { id, usid: row.usid, basketId: row.basket_id, customerId: row.customer_id, remember: row.remember === 1, saved: true };
  // Sliding expiry, written only once a tenth of the lifetime has passed rather than on every request.
  const ttl = sessionTtl(session, guestTtl);
  const renewAt = new Date(now.getTime() + ttl * 900).toISOString();
  if (row.expires_at < renewAt) {
    await db.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(now.getTime() + ttl * 1000).toISOString() })
      .where('id', '=', id)
      .execute();
  }
  return session;
}

/** A guest session that is not stored: what a visitor without a (live) cookie reads the store with. */
export function draftSession(): Session {
  return { id: '', usid: randomString(16, 'hex'), basketId: null, customerId: null, remember: false, saved: false };
}

/** Who a new session is for: a signed-in customer, a bag it holds, keep-me-signed-in, the visitor's usid so far. */
type SessionOwner = { customerId?: string | null; basketId?: string | null; remember?: boolean; usid?: string };

/** A new session: its cookie token, what the request knows of it, and its lifetime. */
interface NewSession {
  token: string;
  session: Session;
  ttl: number;
}

function newSession(guestTtl: number, owner: SessionOwner): NewSession {
  const token = randomString(32, 'base64url');
  const session: Session = {
    id: hashToken(token),
    usid: owner.usid ?? randomString(16, 'hex'),
    basketId: owner.basketId ?? null,
    customerId: owner.customerId ?? null,
    remember: owner.remember ?? false,
    saved: true,
  };
  const ttl = sessionTtl(session, guestTtl);
  return { token, session, ttl };
}

/** A new session's row, as an insert (run alone, or sent with a first add's bag: bag-holder.ts). */
const sessionRow = (
  q: QueryCreator<Database>,
  id: string,
  usid: string,
  customerId: string | null,
  basketId: string | null,
  remember: number,
  createdAt: string,
  expiresAt: string,
) =>
  q.insertInto('sessions').values({
    id,
    usid,
    customer_id: customerId,
    basket_id: basketId,
    remember,
    created_at: createdAt,
    expires_at: expiresAt,
  });

const insertSession = preparedWrite(sessionRow);

/** sessionRow from a first add's values (rowOf's, in its order): bag-holder.ts NewHolding. */
const sessionInsert: NewHolding['insert'] = (q, ...values) => sessionRow(q, ...(values as unknown as ReturnType<typeof rowOf>));

/** The values of a new session's row, in sessionRow's order. */
function rowOf({ session, ttl }: NewSession) {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttl * 1000).toISOString();
  return [session.id, session.usid, session.customerId, session.basketId, session.remember ? 1 : 0, now.toISOString(), expiresAt] as const;
}

async function storeSession(tx: Tx, made: NewSession): Promise<void> {
  await insertSession(tx, ...rowOf(made));
}

export async function createSession(db: Db, guestTtl: number, owner: SessionOwner = {}): Promise<NewSession> {
  const made = newSession(guestTtl, owner);
  await storeSession(db.kysely, made);
  return made;
}

/**
 * A guest without a stored session as the holder of the bag their first add makes: the session's row is written in
 * the add's transaction, with the bag (one commit instead of two, and never a bag without its session or a session
 * for a refused add). `made` is the session once holdBasket ran; its cookies are the caller's to write after commit.
 */
export function newSessionHolder(guestTtl: number, usid: string): BagHolder & { readonly made: NewSession | undefined } {
  let made: NewSession | undefined;
  return {
    get made() {
      return made;
    },
    async lockBasketId() {
      return null;
    },
    async holdBasket(tx, basketId) {
      const session = newSession(guestTtl, { usid, basketId });
      await storeSession(tx, session);
      made = session;
    },
    newHolding(basketId) {
      const session = newSession(guestTtl, { usid, basketId });
      made = session;
      return { insert: sessionInsert, values: [...rowOf(session)] };
    },
  };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.kysely.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a customer but the one given (after a password reset). */
export async function endOtherSessions(db: Db, customerId: string, keepSessionId: string | null): Promise<void> {
  let q = db.kysely.deleteFrom('sessions').where('customer_id', '=', customerId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
}

/**
 * Remembers the bag on the session, and on the customer's account when signed in so it follows them. A guest
 * session that now holds a bag gets the full guest lifetime.
 */
export async function attachBasket(db: Db, session: Session, basketId: string, guestTtl = config().SESSION_TTL_SECONDS): Promise<void> {
  if (session.basketId === basketId) return;
  if (!session.saved) throw new Error('attachBasket: the session must be kept first');
  const held = { ...session, basketId };
  const expiresAt = new Date(Date.now() + sessionTtl(held, guestTtl) * 1000).toISOString();
  let q = db.kysely.updateTable('sessions').set({ basket_id: basketId }).where('id', '=', session.id);
  if (!session.customerId) q = q.set({ expires_at: sql<string>`case when expires_at < ${expiresAt} then ${expiresAt} else expires_at end` });
  await q.execute();
  if (session.customerId) await db.kysely.updateTable('customers').set({ basket_id: basketId }).where('id', '=', session.customerId).execute();
  session.basketId = basketId;
}

/**
 * The session as the holder of the bag an add goes to (see BagHolder in the engine's basket.ts): its row is locked
 * for the add's transaction and a bag the add makes is remembered on it, and on the customer's account when signed
 * in, in that same transaction.
 */
export function sessionBagHolder(db: Db, sessionId: string): BagHolder {
  let customerId: string | null = null;
  return {
    async lockBasketId(tx) {
      const row = await lockClause(db)(tx.selectFrom('sessions').select(['basket_id', 'customer_id']).where('id', '=', sessionId)).executeTakeFirst();
      if (!row) return undefined;
      customerId = row.customer_id;
      return row.basket_id;
    },
    async holdBasket(tx, basketId) {
      await tx.updateTable('sessions').set({ basket_id: basketId }).where('id', '=', sessionId).execute();
      if (customerId) await tx.updateTable('customers').set({ basket_id: basketId }).where('id', '=', customerId).execute();
    },
  };
}
