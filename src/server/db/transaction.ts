import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './schema.ts';

export type Tx = Kysely<Database> | Transaction<Database>;

const PG_RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock detected
const MAX_ATTEMPTS = 5;
/** A sign-in's merge can meet two bags each left mid-placement; more than that is not a crash's leftover. */
const MAX_SETTLED = 2;

/**
 * Runs read-then-write work so that concurrent requests cannot interleave it.
 * - SQLite: `BEGIN IMMEDIATE` takes the write lock before the first read, so a second process waits
 *   (busy_timeout) instead of reading a value that is about to change. Within one process Kysely's single
 *   connection is already exclusive while the callback runs.
 * - PostgreSQL: READ COMMITTED plus explicit row locks (`lockForUpdate`) in the callback; a deadlock or
 *   serialization failure is retried a few times with jitter.
 * The work may run more than once (a PostgreSQL retry, or after Db.recoverFrom settled what stopped it): it must not
 * act outside the transaction before it commits.
 */
export async function withWriteTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let settled = 0; ; settled++) {
    try {
      return await writeTransaction(db, work);
    } catch (err) {
      // Something a crashed process left in the way (Db.recoverFrom): settled, the work runs again, from the start.
      if (settled >= MAX_SETTLED || !(await db.recoverFrom?.(err))) throw err;
    }
  }
}

async function writeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (db.dialect === 'sqlite') {
    await db.writeGate?.enter();
    try {
      return await sqliteWriteTransaction(db, work);
    } finally {
      db.writeGate?.leave();
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().execute((trx) => work(opened(trx, db)));
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code || !PG_RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
    }
  }
}

/** SQLite: BEGIN IMMEDIATE on the process's one connection, held by Kysely's lock until COMMIT or ROLLBACK. */
function sqliteWriteTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const result = await work(opened(conn, db));
      await sql`COMMIT`.execute(conn);
      return result;
    } catch (err) {
      await sql`ROLLBACK`.execute(conn);
      throw err;
    }
  });
}

const handles = new WeakMap<Tx, Kysely<Database>>();

function opened(tx: Tx, db: Db): Tx {
  handles.set(tx, db.kysely);
  return tx;
}

/**
 * The database handle a write transaction was opened on: what a transaction may take from data its handle keeps
 * from committed reads (the catalog's promotions, src/server/commerce/catalog-promotions.ts). Undefined for a handle
 * that is not such a transaction.
 */
export const handleOf = (tx: Tx): Kysely<Database> | undefined => handles.get(tx);

/** `FOR UPDATE` where the engine has row locks (PostgreSQL); SQLite's immediate transaction already excludes writers. */
export function lockClause(db: Db) {
  return <QB extends { forUpdate(): QB }>(qb: QB): QB => (db.dialect === 'postgres' ? qb.forUpdate() : qb);
}
