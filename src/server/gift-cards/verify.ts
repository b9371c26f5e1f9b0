import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { withWriteTransaction, type Tx } from '../db/transaction.ts';
import { numberHash, pinHash } from './card-numbers.ts';
import { giftCardKey } from './gift-card-key.ts';
import { balanceByNumber } from './ledger.ts';
import { countFailure, GIFT_CARD_LIMITS, heldFrom, inKeyOrder, isLocked, keepCounter, newCounterRow } from './pin-lockout.ts';

/** A card named: its id, its last four digits and its balance in cents, read with the check. */
export type Verification = { ok: true; cardId: string; last4: string; balance: number } | { ok: false; reason: 'refused' | 'too_many_tries' };

/** Compared against when no card has the number, so an unknown number costs what a wrong PIN does. */
const NO_CARD_PIN_HASH = Buffer.alloc(32);

/**
 * Whether a number and PIN name a card the store issued. A number the store never issued and a wrong PIN take the
 * same path (both hashes computed, the same queries, one constant-time comparison, a failure counted against the
 * number and the client) and give the same answer. A number or client with too many wrong tries is refused whatever
 * the PIN, until its lock ends (pin-lockout.ts). Neither the number nor the PIN is logged or stored.
 */
export async function verify(db: Db, number: string, pin: string, client: string, now = new Date()): Promise<Verification> {
  return withWriteTransaction(db, (tx) => verifyIn(tx, number, pin, client, now));
}

/**
 * As verify, in the caller's write transaction, which keeps the counters held until it ends (applying the card to a
 * bag, in the same transaction). A refusal's failure is counted in it: the caller commits a refusal, never rolls it back.
 */
export async function verifyIn(tx: Tx, number: string, pin: string, client: string, now = new Date()): Promise<Verification> {
  const key = await giftCardKey(tx);
  const byNumber = numberHash(key, number);
  const given = Buffer.from(pinHash(key, number, pin), 'hex');
  const counters = inKeyOrder([
    { key: `card:${byNumber}`, limit: GIFT_CARD_LIMITS.perCard },
    { key: `client:${client}`, limit: GIFT_CARD_LIMITS.perClient },
  ]);
  const rows = await holdCountersReadingCard(tx, counters[0]!.key, counters[1]!.key, now.toISOString(), byNumber);
  const held = heldFrom(counters, rows);
  const beside = rows[0]!;
  const found = beside.card_id !== null && beside.pin_hash !== null && beside.last4 !== null;
  const matches = timingSafeEqual(given, found ? Buffer.from(beside.pin_hash!, 'hex') : NO_CARD_PIN_HASH);
  if (isLocked(held, now)) return { ok: false, reason: 'too_many_tries' };
  if (!found || !matches) {
    await countFailure(tx, held, now);
    return { ok: false, reason: 'refused' };
  }
  return { ok: true, cardId: beside.card_id!, last4: beside.last4!, balance: Number(beside.balance) };
}

/**
 * The two counters held (pin-lockout.ts), listed in key order, with the card and its balance read in the same
 * statement: one statement a check, compiled once (db/prepared.ts).
 */
const holdCountersReadingCard = prepared((tx: Tx, firstKey: string, secondKey: string, now: string, byNumber: string) => {
  const card = (column: 'id' | 'pin_hash' | 'last4') =>
    sql<string | null>`(select ${sql.ref(column)} from gift_cards where number_hash = ${byNumber})`;
  return tx
    .insertInto('gift_card_failures')
    .values([newCounterRow(firstKey, now), newCounterRow(secondKey, now)])
    .onConflict(keepCounter)
    .returning([
      'key',
      'failures',
      'window_until',
      'locked_until',
      card('id').as('card_id'),
      card('pin_hash').as('pin_hash'),
      card('last4').as('last4'),
      balanceByNumber(byNumber).as('balance'),
    ]);
});
