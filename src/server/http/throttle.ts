import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { lockClause, withWriteTransaction, type Tx } from '../db/transaction.ts';
import { Refusal } from '../refusal.ts';

/**
 * Fixed-window counters in the database (so every app instance sees the same count). `hit` adds one and says
 * whether the key is now over its limit; `clear` forgets a key (a sign-in lockout
 * after a password reset). Sign-in attempts use reserveAttempt and settleAttempt below.
 */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /**
   * Failed sign-ins for one account from clients without its device cookie ("untrusted clients"): after five within
   * 15 minutes they are refused. Known devices are not (see loginPerDevice and docs/decisions.md).
   */
  loginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins presenting one device cookie: after five within 15 minutes that device is refused. */
  loginPerDevice: { max: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one client address without a device cookie, whatever the account. */
  loginPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /** Account-recognition look-ups (email/validate) from one client address. */
  emailLookupPerAddress: { max: 30, windowSeconds: 60 },
  /** Reset e-mails to one address, and reset requests from one client address. */
  resetPerAccount: { max: 3, windowSeconds: 15 * 60 },
  resetPerAddress: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Account creations (register, register-user after an order) from one client address: each answer says whether
   * an e-mail has an account (or an order number and e-mail an order), so it is limited like email/validate.
   */
  registrationsPerAddress: { max: 30, windowSeconds: 15 * 60 },
  /** Guest order look-ups (Track my order) from one client address: number and e-mail must not be guessable. */
  orderLookupPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /** Waitlist sign-ups from one client address (each one may become an e-mail to someone). */
  waitlistPerAddress: { max: 20, windowSeconds: 15 * 60 },
  /** E-mail sign-ups (the footer's and the order confirmation's) from one client address: each may mail someone. */
  signupPerAddress: { max: 10, windowSeconds: 15 * 60 },
  /** Support-agent sign-ins from one client address, whatever the result. */
  agentSignInPerAddress: { max: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>;

/** Counts one event; returns true when the count is past the limit (this event included). */
export async function hit(db: Db, key: string, limit: Limit): Promise<boolean> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  const [row] = await countHit(db.kysely, key, resetAt, now.toISOString());
  return row!.count > limit.max;
}

/**
 * One statement, so concurrent hits on any instance all count: a window that has ended starts again at 1. Compiled
 * once (db/prepared.ts): the address look-ups count one at every keystroke's request.
 */
const countHit = prepared((tx: Tx, key: string, resetAt: string, now: string) =>
  tx
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning('count'),
);

/**
 * The one "rate-limit else 429": counts this request against `key` and, once past the limit, refuses it with
 * 429 and `message` (a Refusal: the commerce API answers it as a Problem, and pages and endpoints show its message).
 */
export async function limitOr429(db: Db, key: string, limit: Limit, message: string): Promise<void> {
  if (await hit(db, key, limit)) throw new Refusal(message, 429);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}

export interface CountedKey {
  key: string;
  limit: Limit;
}

/** How long an attempt's in-flight mark holds at most (a password check takes well under a second). */
const IN_FLIGHT_SECONDS = 15;

/**
 * Sign-in attempts: the limit is checked before the password and only failures are counted after it, so correct
 * sign-ins never use up the allowance. To keep a burst of parallel guesses from all passing the check before any
 * failure is counted, each attempt first takes an in-flight slot on every key at once (one transaction, rows
 * locked in key order): `locked` when a key's failures have reached its limit; `busy` when failures plus attempts
 * under way have (the caller waits for those to settle and asks again); else `reserved`. So the failures counted
 * never pass the limit, whatever arrives at once and on however many instances.
 */
export async function reserveAttempt(db: Db, keys: CountedKey[]): Promise<'reserved' | 'locked' | 'busy'> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const now = new Date().toISOString();
  const until = new Date(Date.now() + IN_FLIGHT_SECONDS * 1000).toISOString();
  return withWriteTransaction(db, async (tx) => {
    await tx
      .insertInto('rate_limits')
      .values(sorted.map(({ key }) => ({ key, count: 0, reset_at: now })))
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const rows = await lockClause(db)(
      tx
        .selectFrom('rate_limits')
        .selectAll()
        .where(
          'key',
          'in',
          sorted.map((k) => k.key),
        )
        .orderBy('key'),
    ).execute();
    const state = sorted.map(({ key, limit }) => {
      const row = rows.find((r) => r.key === key);
      const failures = row && row.reset_at > now ? row.count : 0;
      const pending = row && row.pending_until !== null && row.pending_until > now ? row.pending : 0;
      return { key, limit, failures, pending };
    });
    if (state.some((k) => k.failures >= k.limit.max)) return 'locked';
    if (state.some((k) => k.failures + k.pending >= k.limit.max)) return 'busy';
    for (const k of state) {
      await tx
        .updateTable('rate_limits')
        .set({ pending: k.pending + 1, pending_until: until })
        .where('key', '=', k.key)
        .execute();
    }
    return 'reserved';
  });
}

/**
 * Ends an attempt reserved with reserveAttempt: its in-flight slots are given back and, when it failed, a failure
 * is counted on every key (a key's window starts at its first failure). `forgive` keys have their failures
 * cleared (a known device that signed in).
 */
export async function settleAttempt(db: Db, keys: CountedKey[], failed: boolean, forgive: string[] = []): Promise<void> {
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const now = new Date();
  const nowIso = now.toISOString();
  await withWriteTransaction(db, async (tx) => {
    for (const { key, limit } of sorted) {
      const row = await lockClause(db)(tx.selectFrom('rate_limits').selectAll().where('key', '=', key)).executeTakeFirst();
      const windowEnd = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
      const live = !!row && row.reset_at > nowIso;
      const count = failed ? (live ? row.count + 1 : 1) : forgive.includes(key) ? 0 : live ? row.count : 0;
      const reset_at = failed && !live ? windowEnd : forgive.includes(key) ? nowIso : (row?.reset_at ?? nowIso);
      if (!row) {
        if (failed) await tx.insertInto('rate_limits').values({ key, count, reset_at }).execute();
        continue;
      }
      await tx
        .updateTable('rate_limits')
        .set({ count, reset_at, pending: Math.max(0, row.pending - 1) })
        .where('key', '=', key)
        .execute();
    }
  });
}
