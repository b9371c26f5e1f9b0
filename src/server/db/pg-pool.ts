import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type * as pg from 'pg';
import { pgDriver } from './pg-driver.ts';
import { countStatement } from './statement-count.ts';
import { statementName } from './statement-names.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/**
 * The PostgreSQL pool, made to outlive its server: a restart for maintenance, a failover or `pg_terminate_backend`
 * ends every connection, and the store must answer "try again" meanwhile and serve again as soon as the server is
 * back, without a restart of its own.
 * - A connection the server ends emits `error` on its client, idle or checked out; an `error` nobody listens to ends
 *   the process. The pool's idle clients are handled by pg-pool (it drops them and emits `error` on the pool), so
 *   both the pool and every client it opens have a listener. A client that failed is dropped when it is released.
 * - A connection is given up after CONNECT_TIMEOUT_MS (a server that accepts and never answers, or a pool whose every
 *   connection is busy), a statement after STATEMENT_TIMEOUT_MS: a request's queries never wait longer than that.
 * - The first statement of a checkout that meets a connection the server had already ended (the pool had not heard
 *   yet) runs again on a fresh one, when it is a read or BEGIN: nothing was done on the dead connection.
 * - The store's hot queries are prepared by name, once per connection (db/statement-names.ts).
 */
const CONNECT_TIMEOUT_MS = 3_000;
const STATEMENT_TIMEOUT_MS = 5_000;

export interface PgPoolOptions {
  databaseUrl: string;
  size: number;
  /** PostgreSQL schema to work in (tests use a throw-away schema each). */
  schema?: string;
}

export function openPgPool({ databaseUrl, size, schema }: PgPoolOptions): { pool: pg.Pool; forKysely: PostgresPool } {
  const pool = new (pgDriver().Pool)({
    connectionString: databaseUrl,
    max: size,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // Logged once per connection, in one line: during an outage every connection ends, and each request says so too.
  pool.on('error', (err) => console.warn(`[db] an idle connection ended: ${err.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  const forKysely: PostgresPool = {
    options: pool.options,
    end: () => pool.end(),
    connect: async () => retriedOnce(pool, await pool.connect()),
  };
  return { pool, forKysely };
}

/** A statement that does nothing when run on a connection that turns out dead: safe to run again on another. */
const HARMLESS_FIRST = /^\s*(select|begin|start transaction)\b/i;

/** A transaction's own statements: no plan to keep, so never named. */
const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release)\b/i;

/**
 * The client Kysely uses for one checkout: as pg's, except that a first statement that failed because the connection
 * was already gone moves the checkout to a fresh connection and runs there (once).
 */
function retriedOnce(pool: pg.Pool, first: pg.PoolClient): PostgresPoolClient {
  let client = first;
  let used = false;
  let held = true;
  const query = async (sql: string, parameters: readonly unknown[]) => {
    const firstOne = !used;
    used = true;
    const name = statementName(sql);
    countStatement(!name && !TRANSACTION_CONTROL.test(sql));
    const run = () => (name ? client.query({ name, text: sql, values: parameters as unknown[] }) : client.query(sql, parameters as unknown[]));
    try {
      return await run();
    } catch (err) {
      if (!firstOne || !HARMLESS_FIRST.test(sql) || !isDatabaseUnavailable(err)) throw err;
      client.release(err as Error);
      held = false;
      client = await pool.connect();
      held = true;
      return run();
    }
  };
  return {
    // Kysely runs SQL text only here (no cursors: the dialect is given none).
    query: query as unknown as PostgresPoolClient['query'],
    release(destroy?: boolean) {
      if (held) client.release(destroy);
    },
  };
}
