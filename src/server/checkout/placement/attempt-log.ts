import { createHash, randomUUID } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { prepared, preparedWrite } from '../../db/prepared.ts';
import type { Tx } from '../../db/transaction.ts';
import type { PlacementReply } from '#src/lib/commerce/placement-result.ts';
import type { OrderSnapshot } from './snapshot.ts';

/**
 * The attempt log (checkout_attempts): one row per idempotency key, the placement's intent log. An attempt is
 * 'pending' while its claim runs, 'authorizing' (with the order's snapshot) while the gateway holds the amount, and
 * 'done' with the reply every later request with its key gets.
 */

/**
 * An attempt's lease is the gateway's timeout (leaseMs: the adapters give up on an authorization after it) plus this
 * margin, for what else lies between the claim and the commit's check of the attempt: committing the claim, waiting
 * for the write lock of the commit (SQLite's one writer, behind a burst of other writes) and a garbage-collection
 * pause. A whole placement takes 31 ms at the 99th percentile under `npm run bench`; 5 s leaves two orders of
 * magnitude for a stall. The lease is how long a bag stays locked after a crash, so it is no longer than that. Should
 * a live placement outrun it anyway, nothing is lost: its commit finds the lease passed and stands down, voiding what
 * it got and giving everything back (or answering the failure recovery stored meanwhile).
 */
export const LEASE_MARGIN_MS = 5_000;

/** The request a key was first used for: the bag and the body, keys in any order. */
export const requestHash = (bagId: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([bagId, canonical(body)]))
    .digest('hex');

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The key is in the log already: another request with it came first (openAttempt fails on the key's unique index). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; errcode?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
};

/** When the lease of an attempt opened at `now` ends. */
export const leaseEnd = (now: Date, leaseMs: number) => new Date(now.getTime() + leaseMs + LEASE_MARGIN_MS);

export interface OpenedAttempt {
  attemptId: string;
  /** The bag's status and the attempt placing it; undefined when there is no such bag. */
  held: { status: string | null; placing_attempt_id: string | null } | undefined;
  /** The gift cards this transaction has locked (PostgreSQL). */
  lockedCards: ReadonlySet<string>;
}

/**
 * The key's attempt opened, 'pending', its lease starting now, and then the bag locked (FOR UPDATE on PostgreSQL):
 * its status and the attempt placing it. In that order, so that a second request with the key waits at the key's
 * unique index for the first's claim to end (and then fails on it, and waits for the reply), not in the bag's lock
 * queue. One statement on PostgreSQL: the bag's lock is a WITH query the insert's RETURNING reads after the row, and
 * so are the locks of the gift cards the bag's tenders draw on (lockedCards), which the claim's debits count on
 * (ledger.ts debitLockedCard). A tender applied while this statement waited for the bag is not among them (the
 * statement reads the bag's tenders as it began); its card is locked when it is debited. SQLite's immediate transaction
 * already keeps every other writer out: no card is named there.
 */
export async function openAttemptLockingBag(
  db: Db,
  tx: Tx,
  key: string,
  bagId: string,
  hash: string,
  leaseMs: number,
  now: Date,
): Promise<OpenedAttempt> {
  const attemptId = randomUUID();
  const row = [attemptId, key, bagId, hash, leaseEnd(now, leaseMs).toISOString(), now.toISOString()] as const;
  if (db.dialect === 'postgres') {
    const [opened] = await openAndLock(tx, ...row, bagId);
    const held = opened && { status: opened.status, placing_attempt_id: opened.placing_attempt_id };
    return { attemptId, held, lockedCards: new Set(opened?.locked_cards ?? []) };
  }
  await insertAttempt(tx, ...row);
  const [held] = await bagHold(tx, bagId);
  return { attemptId, held, lockedCards: new Set() };
}

/**
 * The claim is made: the gateway is asked next, and the snapshot is what recovery gives back should this process die.
 * The statement, to send with the bag's mark (claim.ts).
 */
export const authorizingWrite = (tx: Tx, attemptId: string, snapshot: OrderSnapshot): CompiledQuery =>
  updateAuthorizing.compiled(tx, JSON.stringify(snapshot), attemptId);

/** Stores the attempt's reply: from now on its key answers with it. */
export async function finishAttempt(tx: Tx, attemptId: string, reply: PlacementReply, authorizationId: string | null = null): Promise<void> {
  await tx.executeQuery(finishingWrite(tx, attemptId, reply, authorizationId));
}

/** finishAttempt's statement, to send with others. */
export const finishingWrite = (tx: Tx, attemptId: string, reply: PlacementReply, authorizationId: string | null = null): CompiledQuery =>
  markDone.compiled(tx, reply.status, JSON.stringify(reply.result), authorizationId, attemptId);

export const storedReply = (status: number, reply: string, replayed: boolean): PlacementReply => ({
  status,
  replayed,
  result: JSON.parse(reply) as PlacementReply['result'],
});

/** The key's attempt as a second request with the key reads it, with the bag it was for (attemptBag). */
export const attemptByKey = async (db: Db, key: string) => (await attemptRow(db.kysely, key))[0];
const attemptRow = prepared((tx: Tx, key: string) =>
  tx
    .selectFrom('checkout_attempts')
    .select(['id', 'basket_id', 'request_hash', 'state', 'reply', 'reply_status', 'lease_until'])
    .where('idempotency_key', '=', key),
);

/** The bag an idempotency key was used for, or null: a retry after the order let its bag go still names it. */
export async function attemptBag(db: Db, idempotencyKey: string): Promise<string | null> {
  return (await attemptRow(db.kysely, idempotencyKey))[0]?.basket_id ?? null;
}

/*
 * The statements every placement runs, compiled once (db/prepared.ts): built with Kysely on each call, they cost
 * about as much again as SQLite takes to run them, on the one connection every other request waits for.
 */
const attemptValues = (id: string, key: string, bagId: string, hash: string, leaseUntil: string, createdAt: string) => ({
  id,
  idempotency_key: key,
  basket_id: bagId,
  request_hash: hash,
  lease_until: leaseUntil,
  created_at: createdAt,
  state: 'pending' as const,
});
const insertAttempt = preparedWrite((tx: Tx, ...row: Parameters<typeof attemptValues>) =>
  tx.insertInto('checkout_attempts').values(attemptValues(...row)),
);
const bagHold = prepared((tx: Tx, bagId: string) => tx.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', bagId));
const openAndLock = prepared(
  (tx: Tx, id: string, key: string, bagId: string, hash: string, leaseUntil: string, createdAt: string, lockedBagId: string) =>
    tx
      .with('held', (q) => q.selectFrom('baskets').select(['status', 'placing_attempt_id']).where('id', '=', lockedBagId).forUpdate())
      // The bag's gift cards, locked after the bag (the exists asks for its lock first) and in id order, as every path
      // that locks several cards does.
      .with('cards', (q) =>
        q
          .selectFrom('gift_cards')
          .select('id')
          .where('id', 'in', (eb) => eb.selectFrom('bag_tenders').select('gift_card_id').where('basket_id', '=', lockedBagId))
          .where((eb) => eb.exists(eb.selectFrom('held').select('held.status')))
          .orderBy('id')
          .forUpdate(),
      )
      .insertInto('checkout_attempts')
      .values(attemptValues(id, key, bagId, hash, leaseUntil, createdAt))
      .returning((eb) => [
        eb.selectFrom('held').select('held.status').as('status'),
        eb.selectFrom('held').select('held.placing_attempt_id').as('placing_attempt_id'),
        eb.selectFrom('cards').select(sql<string[] | null>`array_agg(cards.id)`.as('ids')).as('locked_cards'),
      ]),
);
const updateAuthorizing = preparedWrite((tx: Tx, snapshot: string, attemptId: string) =>
  tx.updateTable('checkout_attempts').set({ state: 'authorizing', snapshot }).where('id', '=', attemptId),
);
const markDone = preparedWrite((tx: Tx, status: number, reply: string, authorizationId: string | null, attemptId: string) =>
  tx
    .updateTable('checkout_attempts')
    .set({ state: 'done', snapshot: null, reply_status: status, reply, authorization_id: authorizationId })
    .where('id', '=', attemptId),
);
