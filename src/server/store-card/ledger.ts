import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../db/transaction.ts';

/**
 * The store card's credit, as a ledger of placement attempts: an attempt holds the amount due, then its order's
 * commit captures the hold, or the attempt's end without an order (a refusal, a failure, a recovery) releases it.
 * Available credit (c_otb) is the limit less every hold not released (captured ones stay used), never below 0. Each
 * kind is written at most once per attempt (a unique key), and every write first locks the account, so holds of one
 * account run one at a time and a placement run again holds once.
 */

export type HoldResult = { ok: true; holdId: string } | { ok: false; reason: 'insufficient_credit' | 'attempt_ended' | 'no_account' };

/**
 * Takes the account's row lock for the rest of the transaction: an UPDATE locks the row on PostgreSQL as FOR UPDATE
 * would, with no dialect; SQLite's immediate transaction already keeps every other writer out.
 */
async function lockAccount(tx: Tx, accountId: string): Promise<boolean> {
  const result = await sql`update store_card_accounts set points = points where id = ${accountId}`.execute(tx);
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** The account's available credit in cents: limit - open holds - captured, never below 0. */
export async function availableCredit(tx: Tx, accountId: string): Promise<number> {
  const account = await tx.selectFrom('store_card_accounts').select('credit_limit_cents').where('id', '=', accountId).executeTakeFirst();
  if (!account) return 0;
  const rows = await tx
    .selectFrom('store_card_ledger')
    .select(['kind', (eb) => eb.fn.sum<number>('amount_cents').as('total')])
    .where('account_id', '=', accountId)
    .where('kind', 'in', ['hold', 'release'])
    .groupBy('kind')
    .execute();
  const total = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  return Math.max(0, account.credit_limit_cents - total('hold') + total('release'));
}

/**
 * Holds `amountCents` of the account's credit for the attempt, in the caller's transaction. The same attempt again
 * answers its first hold; an attempt already released (recovered meanwhile) holds nothing.
 */
export async function holdCredit(tx: Tx, accountId: string, attemptId: string, amountCents: number, now = new Date()): Promise<HoldResult> {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('A store card hold is a positive whole number of cents.');
  if (!(await lockAccount(tx, accountId))) return { ok: false, reason: 'no_account' };
  const earlier = await tx.selectFrom('store_card_ledger').select(['id', 'kind']).where('attempt_id', '=', attemptId).execute();
  if (earlier.some((r) => r.kind === 'release')) return { ok: false, reason: 'attempt_ended' };
  const held = earlier.find((r) => r.kind === 'hold');
  if (held) return { ok: true, holdId: held.id };
  if ((await availableCredit(tx, accountId)) < amountCents) return { ok: false, reason: 'insufficient_credit' };
  const holdId = randomUUID();
  await tx
    .insertInto('store_card_ledger')
    .values({ id: holdId, account_id: accountId, attempt_id: attemptId, kind: 'hold', amount_cents: amountCents, created_at: now.toISOString() })
    .execute();
  return { ok: true, holdId };
}

/** Ends the attempt's open hold as `kind`; false when it has none (nothing held, or captured or released already). */
async function settleHold(tx: Tx, attemptId: string, kind: 'capture' | 'release', now: Date): Promise<boolean> {
  const hold = await tx
    .selectFrom('store_card_ledger')
    .select(['account_id', 'amount_cents'])
    .where('attempt_id', '=', attemptId)
    .where('kind', '=', 'hold')
    .executeTakeFirst();
  if (!hold) return false;
  // Read again under the account's lock: a capture and a release of one hold never both land.
  await lockAccount(tx, hold.account_id);
  const ended = await tx
    .selectFrom('store_card_ledger')
    .select('id')
    .where('attempt_id', '=', attemptId)
    .where('kind', 'in', ['capture', 'release'])
    .executeTakeFirst();
  if (ended) return false;
  const added = await tx
    .insertInto('store_card_ledger')
    .values({
      id: randomUUID(),
      account_id: hold.account_id,
      attempt_id: attemptId,
      kind,
      amount_cents: hold.amount_cents,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['attempt_id', 'kind']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The attempt's order was committed: its hold becomes a charge to the account (in the commit's transaction). */
export const captureHold = (tx: Tx, attemptId: string, now = new Date()) => settleHold(tx, attemptId, 'capture', now);

/** The attempt ended without an order: its hold, if any, is given back (in the transaction that ends it). */
export const releaseHold = (tx: Tx, attemptId: string, now = new Date()) => settleHold(tx, attemptId, 'release', now);
