import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { numberHash, pinHash } from './card-numbers.ts';
import { giftCardKey } from './gift-card-key.ts';
import { countFailure, GIFT_CARD_LIMITS, holdCounters, isLocked } from './pin-lockout.ts';

export type Verification = { ok: true; cardId: string; last4: string } | { ok: false; reason: 'refused' | 'too_many_tries' };

/** Compared against when no card has the number, so an unknown number costs what a wrong PIN does. */
const NO_CARD_PIN_HASH = Buffer.alloc(32);

/**
 * Whether a number and PIN name a card the store issued. A number the store never issued and a wrong PIN take the
 * same path (both hashes computed, the same queries, one constant-time comparison, a failure counted against the
 * number and the client) and give the same answer. A number or client with too many wrong tries is refused whatever
 * the PIN, until its lock ends (pin-lockout.ts). Neither the number nor the PIN is logged or stored.
 */
export async function verify(db: Db, number: string, pin: string, client: string, now = new Date()): Promise<Verification> {
  return withWriteTransaction(db, async (tx) => {
    const key = await giftCardKey(tx);
    const byNumber = numberHash(key, number);
    const given = Buffer.from(pinHash(key, number, pin), 'hex');
    const held = await holdCounters(
      tx,
      [
        { key: `card:${byNumber}`, limit: GIFT_CARD_LIMITS.perCard },
        { key: `client:${client}`, limit: GIFT_CARD_LIMITS.perClient },
      ],
      now,
    );
    const card = await tx.selectFrom('gift_cards').select(['id', 'pin_hash', 'last4']).where('number_hash', '=', byNumber).executeTakeFirst();
    const matches = timingSafeEqual(given, card ? Buffer.from(card.pin_hash, 'hex') : NO_CARD_PIN_HASH);
    if (isLocked(held, now)) return { ok: false, reason: 'too_many_tries' };
    if (!card || !matches) {
      await countFailure(tx, held, now);
      return { ok: false, reason: 'refused' };
    }
    return { ok: true, cardId: card.id, last4: card.last4 };
  });
}
