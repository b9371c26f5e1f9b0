import { sql, type OnConflictBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
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

export interface Held extends Counter {
  failures: number;
  windowUntil: string;
  lockedUntil: string | null;
}

const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

/** A counter's row as it is read back from the upsert that holds it. */
export interface CounterRow {
  key: string;
  failures: number;
  window_until: string;
  locked_until: string | null;
}

/** A counter's row as the upsert makes it when missing: already over, so the sweeper may delete it. */
export const newCounterRow = (key: string, now: string) => ({ key, failures: 0, window_until: now, locked_until: null });

/** The upsert's conflict: the row stays as it is, and is locked (on PostgreSQL) and answered. */
export const keepCounter = (oc: OnConflictBuilder<Database, 'gift_card_failures'>) =>
  oc.column('key').doUpdateSet({ failures: sql`gift_card_failures.failures` });

/** The counters in the order the upsert must list them: PostgreSQL takes the rows in that order, so in key order. */
export const inKeyOrder = (counters: Counter[]): Counter[] => [...counters].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/** The held counters, in the order given, from the rows their upsert answered. */
export function heldFrom(counters: Counter[], rows: CounterRow[]): Held[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return counters.map((counter) => {
    const row = byKey.get(counter.key);
    if (!row) throw new Error(`the counter ${counter.key} was not held`);
    return { ...counter, failures: row.failures, windowUntil: row.window_until, lockedUntil: row.locked_until };
  });
}

/**
 * Takes the counters' rows (made when missing) and keeps them for the transaction: an upsert locks the row on
 * PostgreSQL and answers its current values, on either engine. One statement for all of them, in key order.
 */
export async function holdCounters(tx: Tx, counters: Counter[], now: Date): Promise<Held[]> {
  if (counters.length === 0) return [];
  const sorted = inKeyOrder(counters);
  const rows = await tx
    .insertInto('gift_card_failures')
    .values(sorted.map((counter) => newCounterRow(counter.key, now.toISOString())))
    .onConflict(keepCounter)
    .returning(['key', 'failures', 'window_until', 'locked_until'])
    .execute();
  return heldFrom(sorted, rows);
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
