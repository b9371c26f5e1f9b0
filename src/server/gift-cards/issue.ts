import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/transaction.ts';
import { giftCardKey } from './gift-card-key.ts';
import { lastFour, newCardNumber, newPin, numberHash, pinHash } from './card-numbers.ts';

export type GiftCardKind = 'physical' | 'e';

/** What bought a card: an order's line (its position) and which unit of that line. */
export interface BoughtBy {
  orderId: string;
  position: number;
  unit: number;
}

/** A card just issued. Its number and PIN exist in plain only here, for the mail that carries them to the recipient. */
export interface IssuedCard {
  cardId: string;
  number: string;
  pin: string;
  last4: string;
  kind: GiftCardKind;
  amountCents: number;
}

/**
 * Issues a card holding `amountCents` for one unit of an order line, inside the caller's transaction (the order's
 * commit). Once per line and unit: the same line again issues nothing and answers null, so a placement committed
 * twice cannot make a second card. Only the hashes and the last four are stored.
 */
export async function issue(tx: Tx, boughtBy: BoughtBy, kind: GiftCardKind, amountCents: number, now = new Date()): Promise<IssuedCard | null> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('A gift card holds a positive whole number of cents.');
  const key = await giftCardKey(tx);
  const number = newCardNumber();
  const pin = newPin();
  const cardId = randomUUID();
  const createdAt = now.toISOString();
  const inserted = await tx
    .insertInto('gift_cards')
    .values({
      id: cardId,
      number_hash: numberHash(key, number),
      last4: lastFour(number),
      pin_hash: pinHash(key, number, pin),
      kind,
      order_id: boughtBy.orderId,
      line_position: boughtBy.position,
      unit: boughtBy.unit,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['order_id', 'line_position', 'unit']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
  await tx
    .insertInto('gift_card_ledger')
    .values({ id: randomUUID(), card_id: cardId, kind: 'issue', amount_cents: amountCents, attempt_id: null, created_at: createdAt })
    .execute();
  return { cardId, number, pin, last4: lastFour(number), kind, amountCents };
}

/** The cards an order's lines issued, as fulfilment reads them: which line and unit, the kind, the last four. */
export async function issuedFor(tx: Tx, orderId: string): Promise<{ position: number; unit: number; kind: GiftCardKind; last4: string }[]> {
  const rows = await tx
    .selectFrom('gift_cards')
    .select(['line_position', 'unit', 'kind', 'last4'])
    .where('order_id', '=', orderId)
    .orderBy('line_position')
    .orderBy('unit')
    .execute();
  return rows.map((r) => ({ position: r.line_position, unit: r.unit, kind: r.kind, last4: r.last4 }));
}
