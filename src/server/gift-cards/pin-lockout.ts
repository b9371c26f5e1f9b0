import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../db/transaction.ts';

/**
 * Wrong gift card PINs, counted where every instance sees them (gift_card_failures): per card number, 5 within 15
 * minutes lock that number for 15 minutes; per client address, 20 within 15 minutes, whatever the numbers, lock
 * that client for 15 minutes. A lock always ends, so a stranger who knows a number can delay its owner by a quarter
 * of an hour at a time, never lock them out for good. Only failures count, and a correct PIN clears nothing: a
 * guesser would otherwise get fresh tries each time the owner checks the card.
 *
 * Each check holds its counters' rows for its whole transaction (taken in key order), so a burst of guesses sent at
 * once is counted one after another and never passes a limit, on any number of instances.
 */
export interface LockoutLimit {
  max: number;
  windowSeconds: number;
  lockSeconds: number;
}

export const GIFT_CARD_LIMITS = {
  perCard: { max: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
  perClient: { max: 20, windowSeconds: 15 * 60, lockSeconds: 15 * 60 },
} satisfies Record<string, LockoutLimit>;

export interface Counter {
  key: string;
  limit: LockoutLimit;
}

interface Held extends Counter {
  failures: number;
  windowUntil: string;
  lockedUntil: string | null;
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/**
 * Takes the counters' rows (made when missing, already over so the sweeper may delete them) and keeps them for the
 * transaction: an upsert locks the row on PostgreSQL and answers its current values, on either engine.
 */
export async function holdCounters(tx: Tx, counters: Counter[], now: Date): Promise<Held[]> {
  if (counters.length === 0) return [];
  return (await holdCountersWith(tx, counters, now, {})).held;
}

/**
 * As holdCounters, with values read in the same statement (`beside`: scalar subqueries, each named by its key), so a
 * check that reads a card to compare its PIN sends one statement, not two. They are read once the counters are held.
 */
export async function holdCountersWith<B extends Record<string, unknown>>(
  tx: Tx,
  counters: Counter[],
  now: Date,
  beside: { [K in keyof B]: RawBuilder<B[K]> },
): Promise<{ held: Held[]; beside: B }> {
  const sorted = [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (sorted.length === 0) throw new Error('no counter to hold');
  const extra = Object.entries(beside).map(([name, value]) => (value as RawBuilder<unknown>).as(name));
  // One statement for all of them: PostgreSQL takes the rows in the order they are listed, so in key order.
  const rows = (await tx
    .insertInto('gift_card_failures')
    .values(sorted.map((counter) => ({ key: counter.key, failures: 0, window_until: now.toISOString(), locked_until: null })))
    .onConflict((oc) => oc.column('key').doUpdateSet({ failures: sql`gift_card_failures.failures` }))
    .returning(['key', 'failures', 'window_until', 'locked_until', ...extra])
    .execute()) as ({ key: string; failures: number; window_until: string; locked_until: string | null } & B)[];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const held = sorted.map((counter) => {
    const row = byKey.get(counter.key);
    if (!row) throw new Error(`the counter ${counter.key} was not held`);
    return { ...counter, failures: row.failures, windowUntil: row.window_until, lockedUntil: row.locked_until };
  });
  const first = rows[0]!;
  return { held, beside: Object.fromEntries(Object.keys(beside).map((name) => [name, first[name]])) as B };
}

export const isLocked = (held: Held[], now: Date): boolean => held.some((h) => h.lockedUntil !== null && h.lockedUntil > now.toISOString());

/** Counts one wrong PIN on every held counter: a window that has ended starts again; reaching the limit locks. */
export async function countFailure(tx: Tx, held: Held[], now: Date): Promise<void> {
  const at = now.toISOString();
  for (const h of held) {
    const live = h.windowUntil > at;
    const failures = live ? h.failures + 1 : 1;
    await tx
      .updateTable('gift_card_failures')
      .set({
        failures,
        window_until: live ? h.windowUntil : later(now, h.limit.windowSeconds),
        locked_until: failures >= h.limit.max ? later(now, h.limit.lockSeconds) : h.lockedUntil,
      })
      .where('key', '=', h.key)
      .execute();
  }
}
