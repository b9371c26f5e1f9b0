import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Fixed-window counters in the database (so every app instance sees the same count). `hit` adds one and says
 * whether the key is now over its limit; `peek` reads without counting; `clear` forgets a key (after a
 * successful sign-in).
 */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /** Failed sign-ins for one account: the sixth within 15 minutes is refused. */
  loginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one client address, whatever the account. */
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
} satisfies Record<string, Limit>;

export async function peek(db: Db, key: string): Promise<{ count: number; resetAt: Date } | null> {
  const row = await db.kysely.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row || new Date(row.reset_at) <= new Date()) return null;
  return { count: row.count, resetAt: new Date(row.reset_at) };
}

export async function isOver(db: Db, key: string, limit: Limit): Promise<boolean> {
  const current = await peek(db, key);
  return !!current && current.count >= limit.max;
}

/** Counts one event; returns true when the count is past the limit (this event included). */
export async function hit(db: Db, key: string, limit: Limit): Promise<boolean> {
  const now = new Date();
  const resetAt = new Date(now.getTime() + limit.windowSeconds * 1000).toISOString();
  // One statement, so concurrent hits on any instance all count: a window that has ended starts again at 1.
  const row = await db.kysely
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.reset_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end`,
        reset_at: sql`case when rate_limits.reset_at <= ${now.toISOString()} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count > limit.max;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.kysely.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Takes one counted event back (a sign-in that turned out to succeed), never below 0. */
export async function release(db: Db, key: string): Promise<void> {
  await db.kysely
    .updateTable('rate_limits')
    .set({ count: sql`case when count > 0 then count - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}
