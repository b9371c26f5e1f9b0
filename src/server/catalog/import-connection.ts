import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { copyFrom } from '../db/pg-driver.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** Sends rows in COPY's text format (chunks of whole lines) to the import's connection: `copy t (...) from stdin`. */
export type CopyIn = (statement: string, chunks: readonly string[]) => Promise<void>;

/**
 * Runs `work` on one connection of the store's database, which the import keeps for its staging tables and its
 * transaction. On PostgreSQL that is a client checked out of the pool, seen through a Kysely of its own (Kysely has
 * no COPY) and given `copyIn`: staging a batch by COPY costs about a quarter of an INSERT from unnest() arrays,
 * counting the client's encoding and the server's parsing of the parameters.
 */
export async function onImportConnection<T>(db: Db, work: (conn: Kysely<Database>, copyIn: CopyIn | null) => Promise<T>): Promise<T> {
  if (db.dialect !== 'postgres') return db.kysely.connection().execute((conn) => work(conn, null));
  if (!db.pgPool) throw new Error('The PostgreSQL store has no pool to import on.');
  const client = await db.pgPool.connect();
  // A large feed's statements may outrun the statement timeout a request's are held to (db/pg-pool.ts); the
  // connection is closed afterwards rather than handed back with the setting changed.
  await client.query('set statement_timeout = 0');
  // Kysely releases its connection after every query; this one stays checked out until the import is done.
  const kept: PostgresPoolClient = { query: client.query.bind(client) as PostgresPoolClient['query'], release() {} };
  const pool: PostgresPool = { connect: async () => kept, end: async () => {}, options: {} };
  const conn = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const copyIn: CopyIn = (statement, chunks) => pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
  try {
    return await work(conn, copyIn);
  } finally {
    await conn.destroy();
    client.release(true);
  }
}

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: NULL as \N, backslash, tab and line breaks escaped. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : text;
}

const LINES_PER_CHUNK = 1000;

/** Rows as COPY text, `columns` in order, in chunks of LINES_PER_CHUNK lines. */
export function copyText<R>(rows: readonly R[], columns: readonly string[], value: (row: R, column: string) => unknown): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < rows.length; start += LINES_PER_CHUNK) {
    let chunk = '';
    for (const row of rows.slice(start, start + LINES_PER_CHUNK)) chunk += `${columns.map((c) => copyField(value(row, c))).join('\t')}\n`;
    chunks.push(chunk);
  }
  return chunks;
}
