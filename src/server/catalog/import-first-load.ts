import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { FEED_TABLES } from './feed-rows.ts';

/**
 * A first load on PostgreSQL: when a large feed goes into an empty or near-empty catalog, the foreign keys between
 * the tables an import writes are dropped inside the import's transaction and added back before it commits. Adding
 * a foreign key checks every row with one join, where a key in place checks each inserted row by itself (about 6 µs
 * a check, 9.7 million of them for 100 000 products). DDL is transactional in PostgreSQL: a bad line, a clash or a
 * row that breaks a key rolls the drop back with everything else, and no other session ever sees the tables without
 * their keys, because the drop holds ACCESS EXCLUSIVE locks on the catalog tables until the commit. That is why it is
 * only for a catalog being loaded: a store's pages wait for the whole import meanwhile.
 */

/** When an import takes the first-load path: the catalog is this small when it starts and the feed this long. */
export interface FirstLoadRule {
  /** Products in the catalog when the import starts, at most (the demo seed has 46). */
  maxCatalogProducts: number;
  /** Products staged, at least, before the keys are dropped (the batches before go the ordinary way). */
  minFeedProducts: number;
}

export const FIRST_LOAD: FirstLoadRule = { maxCatalogProducts: 1000, minFeedProducts: 2000 };

/** How long the drop waits for the locks (a session reading the catalog) before the import goes the ordinary way. */
const LOCK_WAIT = '5s';

/** A foreign key as the migrations made it: its table, name and definition (`FOREIGN KEY (...) REFERENCES ...`). */
export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * The foreign keys from one table the import writes to another (variants to products and colours, stock to
 * variants, colours, images, hemming and restrictions to products), read from the database so that they come back
 * exactly as the migrations made them. The reference to brands stays: one check per product, and dropping it would
 * lock the brands table too. Null when this role does not own every one of those tables (ALTER TABLE needs it).
 */
export async function catalogForeignKeys(conn: Kysely<Database>): Promise<ForeignKey[] | null> {
  const tables = sql`${[...FEED_TABLES]}::text[]::regclass[]`;
  const { rows } = await sql<ForeignKey & { owned: boolean }>`
    select t.relname as "table", c.conname as name, pg_get_constraintdef(c.oid) as definition,
      pg_has_role(t.relowner, 'USAGE') and pg_has_role(r.relowner, 'USAGE') as owned
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_class r on r.oid = c.confrelid
    where c.contype = 'f' and c.conrelid = any(${tables}) and c.confrelid = any(${tables})
    order by t.relname, c.conname`.execute(conn);
  if (rows.length === 0 || rows.some((r) => !r.owned)) return null;
  return rows.map(({ table, name, definition }) => ({ table, name, definition }));
}

/**
 * Drops the keys inside the caller's transaction. False, with nothing dropped, when a lock is not granted within
 * LOCK_WAIT or the database refuses: the import then goes on the ordinary way.
 */
export async function dropForeignKeys(conn: Kysely<Database>, keys: readonly ForeignKey[]): Promise<boolean> {
  await sql`savepoint first_load`.execute(conn);
  try {
    await sql`set local lock_timeout = ${sql.lit(LOCK_WAIT)}`.execute(conn);
    for (const k of keys) await sql`alter table ${sql.table(k.table)} drop constraint ${sql.id(k.name)}`.execute(conn);
    await sql`set local lock_timeout = default`.execute(conn);
    await sql`release savepoint first_load`.execute(conn);
    return true;
  } catch {
    await sql`rollback to savepoint first_load`.execute(conn);
    await sql`release savepoint first_load`.execute(conn);
    return false;
  }
}

/** Adds the keys back, each checked against every row by one join; throws (and the caller rolls back) on a bad row. */
export async function restoreForeignKeys(conn: Kysely<Database>, keys: readonly ForeignKey[]): Promise<void> {
  for (const k of keys) await sql`alter table ${sql.table(k.table)} add constraint ${sql.id(k.name)} ${sql.raw(k.definition)}`.execute(conn);
}
