import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { dialectOf, prepared, preparedRowWrite, preparedWrite } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';

/**
 * What a gift card holds is the sum of its ledger: an issue adds, a debit takes away, a reversal gives a debit back.
 * Rows are only ever added. Debits and reversals run inside the caller's transaction (an order placement's claim,
 * commit or recovery), each under the placement attempt's id, and each at most once per attempt and card (a unique
 * key), so a placement run again, or recovered after a crash, moves nothing twice.
 */

/** The card's balance in cents. */
export async function balance(tx: Tx, cardId: string): Promise<number> {
  const [row] = await cardBalance(tx, cardId);
  return Number(row?.total ?? 0);
}

/** The balance of the card with this number hash, as a subquery of another statement (0 for no such card). */
export const balanceByNumber = (numberHash: string) =>
  sql<
    number | string
  >`(select coalesce(sum(l.amount_cents), 0) from gift_card_ledger l join gift_cards c on c.id = l.card_id where c.number_hash = ${numberHash})`;

/**
 * Takes the card's row lock for the rest of the transaction: on PostgreSQL an UPDATE, which locks the row as FOR
 * UPDATE would (a second debit of the card waits until this transaction ends, then reads the ledger it left). On
 * SQLite the immediate transaction already keeps every other writer out, so a read that the card exists is enough
 * (an UPDATE there would write the row's page for nothing, on the one connection every request waits for). False
 * when there is no such card.
 */
async function lockCard(tx: Tx, cardId: string): Promise<boolean> {
  if (dialectOf(tx) === 'sqlite') return (await cardExists(tx, cardId)).length === 1;
  return (await touchCard(tx, cardId)) === 1;
}

/**
 * Debits up to `amountCents` from the card for the attempt, never more than its balance; returns the cents debited.
 * The same attempt and card again answer what was debited the first time, and 0 once that debit was reversed. A
 * reversal closes only the cards the attempt had debited: the placement's own state (checkout_attempts) keeps it from
 * debiting after it reversed.
 */
export async function debit(tx: Tx, cardId: string, attemptId: string, amountCents: number, now = new Date()): Promise<number> {
  return (await debitLeaving(tx, cardId, attemptId, amountCents, { now })).taken;
}

/**
 * As debit, with what the card holds after it (null when the attempt had debited it before). `fresh`: the attempt was
 * opened in this transaction, so the card's ledger has nothing of it to look for (a placement's claim).
 */
export async function debitLeaving(
  tx: Tx,
  cardId: string,
  attemptId: string,
  amountCents: number,
  { now = new Date(), fresh = false }: { now?: Date; fresh?: boolean } = {},
): Promise<{ taken: number; left: number | null }> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('A gift card debit is a positive whole number of cents.');
  if (!(await lockCard(tx, cardId))) throw new RangeError('No such gift card.');
  const earlier = fresh ? [] : await attemptEntries(tx, cardId, attemptId);
  if (earlier.some((r) => r.kind === 'reversal')) return { taken: 0, left: null };
  const done = earlier.find((r) => r.kind === 'debit');
  if (done) return { taken: -done.amount_cents, left: null };
  const held = await balance(tx, cardId);
  const taken = Math.min(amountCents, held);
  if (taken <= 0) return { taken: 0, left: held };
  await insertEntry(tx, {
    id: randomUUID(),
    card_id: cardId,
    kind: 'debit',
    amount_cents: -taken,
    attempt_id: attemptId,
    created_at: now.toISOString(),
  });
  return { taken, left: held - taken };
}

/**
 * A placement claim's debit of a card its transaction has already locked (PostgreSQL: the claim's first statement,
 * attempt-log.ts) under an attempt opened in it: one statement, the entry written only when the card holds the whole
 * amount. Its balance is read after the lock was taken (each statement of a READ COMMITTED transaction sees what was
 * committed before it began), so it holds every debit of the card that committed before. Returns what the card held
 * before the debit, or null when it held less (nothing is written).
 */
export async function debitLockedCard(tx: Tx, cardId: string, attemptId: string, amountCents: number, now = new Date()): Promise<number | null> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('A gift card debit is a positive whole number of cents.');
  const [row] = await insertDebitIfHeld(tx, randomUUID(), cardId, -amountCents, attemptId, now.toISOString(), amountCents);
  return row ? Number(row.held) : null;
}

/**
 * Gives back every debit the attempt made (a placement refused, failed or recovered); returns the cents this call
 * gave back. Running it again gives back nothing more.
 */
export async function reverse(tx: Tx, attemptId: string, now = new Date()): Promise<number> {
  const debits = await tx
    .selectFrom('gift_card_ledger')
    .select(['card_id', 'amount_cents'])
    .where('attempt_id', '=', attemptId)
    .where('kind', '=', 'debit')
    .orderBy('card_id')
    .execute();
  let returned = 0;
  // Cards are locked in id order, as every path that locks several does, so two reversals cannot deadlock.
  for (const d of debits) {
    await lockCard(tx, d.card_id);
    const added = await tx
      .insertInto('gift_card_ledger')
      .values({
        id: randomUUID(),
        card_id: d.card_id,
        kind: 'reversal',
        amount_cents: -d.amount_cents,
        attempt_id: attemptId,
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.columns(['card_id', 'attempt_id', 'kind']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) === 1) returned -= d.amount_cents;
  }
  return returned;
}

/*
 * A placement's debit runs these on the connection every other request waits for (on SQLite): compiled once
 * (db/prepared.ts).
 */
const cardBalance = prepared((tx: Tx, cardId: string) =>
  tx
    .selectFrom('gift_card_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('card_id', '=', cardId),
);
const cardExists = prepared((tx: Tx, cardId: string) => tx.selectFrom('gift_cards').select('id').where('id', '=', cardId));
const touchCard = preparedWrite((tx: Tx, cardId: string) =>
  tx
    .updateTable('gift_cards')
    .set((eb) => ({ kind: eb.ref('kind') }))
    .where('id', '=', cardId),
);
const attemptEntries = prepared((tx: Tx, cardId: string, attemptId: string) =>
  tx.selectFrom('gift_card_ledger').select(['kind', 'amount_cents']).where('card_id', '=', cardId).where('attempt_id', '=', attemptId),
);
const heldBy = (tx: Tx, cardId: string) =>
  tx
    .selectFrom('gift_card_ledger as h')
    .select((c) => c.fn.coalesce(c.fn.sum<number>('h.amount_cents'), sql<number>`0`).as('n'))
    .where('h.card_id', '=', cardId);
const insertDebitIfHeld = prepared((tx: Tx, id: string, cardId: string, amountCents: number, attemptId: string, createdAt: string, wanted: number) =>
  tx
    .insertInto('gift_card_ledger')
    .columns(['id', 'card_id', 'kind', 'amount_cents', 'attempt_id', 'created_at'])
    .expression(
      tx
        .selectNoFrom([
          sql<string>`${id}`.as('id'),
          sql<string>`${cardId}`.as('card_id'),
          sql<string>`'debit'`.as('kind'),
          sql<number>`cast(${amountCents} as integer)`.as('amount_cents'),
          sql<string>`${attemptId}`.as('attempt_id'),
          sql<string>`${createdAt}`.as('created_at'),
        ])
        .where(heldBy(tx, cardId), '>=', wanted),
    )
    // The sum as the statement began: without this entry.
    .returning(heldBy(tx, cardId).as('held')),
);
const insertEntry = preparedRowWrite(
  ['id', 'card_id', 'kind', 'amount_cents', 'attempt_id', 'created_at'],
  (tx: Tx, row: { id: string; card_id: string; kind: 'debit'; amount_cents: number; attempt_id: string; created_at: string }) =>
    tx.insertInto('gift_card_ledger').values(row),
);
