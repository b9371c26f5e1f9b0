import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, PostgresDialect, sql, type LogConfig } from 'kysely';
import { Migrator } from 'kysely/migration';
import type * as pg from 'pg';
import { config } from '../config.ts';
import { migrationProvider } from './migrations/index.ts';
import { nodeSqliteDialect } from './node-sqlite-dialect.ts';
import { openPgPool } from './pg-pool.ts';
import { BACKSTOP_PAGES, restartWal, startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import { WriteGate } from './write-gate.ts';
import { SharedPromise } from '../shared-promise.ts';
import type { Database } from './schema.ts';

/** Which SQL database the store runs on (`engine` names the commerce engine only). */
export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use when not the default (tests). */
  pgSchema?: string;
  /** PostgreSQL: the pool under `kysely`, for what Kysely does not do (the catalog import's COPY). */
  pgPool?: pg.Pool;
  /** SQLite: the gate in front of write transactions, closed while the WAL is restarted (db/write-gate.ts). */
  writeGate?: WriteGate;
  /**
   * Settles what stopped a write transaction when a crashed process left it in the way (an order placement past its
   * lease: src/server/checkout/placement/recovery.ts) and says whether the transaction should run again. Set by getDb for the
   * process's database; a database opened otherwise (scripts, tests) has it only when its opener sets it.
   */
  recoverFrom?: (err: unknown) => Promise<boolean>;
}

export interface DbOptions {
  /** postgres:// URL; when absent the embedded SQLite file is used. */
  databaseUrl?: string;
  /** SQLite file path (or ':memory:'). */
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL schema to work in (tests use a throw-away schema each). */
  pgSchema?: string;
  /** Kysely's query log: tests read the SQL a read runs to learn which tables it depends on. */
  log?: LogConfig;
}

export function createDb(options: DbOptions = {}): Db {
  if (options.databaseUrl) {
    // Made to outlive a restart of the server (db/pg-pool.ts).
    const { pool, forKysely } = openPgPool({ databaseUrl: options.databaseUrl, size: options.poolSize ?? 10, schema: options.pgSchema });
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool: forKysely }), log: options.log }),
      dialect: 'postgres',
      pgSchema: options.pgSchema,
      pgPool: pool,
    };
  }
  const file = options.sqliteFile ?? defaultSqliteFile();
  return {
    kysely: new Kysely<Database>({ dialect: nodeSqliteDialect(file), log: options.log }),
    dialect: 'sqlite',
    writeGate: new WriteGate(),
  };
}

function defaultSqliteFile(): string {
  const dir = resolve(config().DATA_DIR);
  mkdirSync(dir, { recursive: true });
  return join(dir, 'store.db');
}

export async function migrate(db: Db): Promise<void> {
  if (db.dialect === 'sqlite') return migrateOn(db.kysely, db);
  // On one connection without the statement timeout a request is held to (db/pg-pool.ts): a migration of a large
  // table may take longer.
  return db.kysely.connection().execute(async (conn) => {
    await sql`set statement_timeout = 0`.execute(conn);
    try {
      await migrateOn(conn, db);
    } finally {
      await sql`reset statement_timeout`.execute(conn);
    }
  });
}

async function migrateOn(kysely: Kysely<Database>, db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables across all schemas; name ours so a test schema never finds another's.
  const migrator = new Migrator({ db: kysely, provider: migrationProvider, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * The process-wide database, migrated on first use (seeding is a step of its own: `npm run seed`, `npm start`, the
 * server's start-up when the catalog is empty). SQLite gets exactly one connection per process
 * (Kysely's SQLite driver serialises work on it); several processes share the file through WAL and busy_timeout.
 * The handle lives on globalThis because the server bundle and the custom HTTP server (src/server/main.ts, which
 * hosts the local OpenID provider) each load their own copy of this module: they must share one connection. The
 * holder may be the other copy's SharedPromise, so only its own methods are called on it (never instanceof).
 */
const SHARED = Symbol.for('storefront.db.shared');
const LAPSE_HANDLER = Symbol.for('storefront.db.lapse-handler');
type LapseHandler = (db: Db, err: unknown) => Promise<boolean>;
type WithDb = typeof globalThis & { [SHARED]?: SharedPromise<Db>; [LAPSE_HANDLER]?: LapseHandler };

/**
 * What settles a write's obstacle that a crashed process left (a bag whose placement's lease ran out): the server
 * registers the order recovery here at start-up (src/server/main.ts), so the database module never imports the
 * checkout. Kept on globalThis, as the handle is, for the server bundle's copy of this module.
 */
export function onLapsedPlacement(handler: LapseHandler): void {
  (globalThis as WithDb)[LAPSE_HANDLER] = handler;
}

export function getDb(): Promise<Db> {
  const g = globalThis as WithDb;
  g[SHARED] ??= new SharedPromise<Db>();
  // A failed start (PostgreSQL not reachable yet) is not kept: the next request tries again.
  return g[SHARED].once(async () => {
    const { DATABASE_URL } = config();
    const db = createDb({ databaseUrl: DATABASE_URL });
    await migrate(db);
    db.recoverFrom = async (err) => (g[LAPSE_HANDLER] ? g[LAPSE_HANDLER](db, err) : false);
    if (!DATABASE_URL) {
      // Checkpoints go to a worker thread (db/wal-checkpointer.ts); the request connection keeps only a backstop.
      // Only once the opening has worked: a failed one is tried again at the next call, and the thread never
      // ends by itself, so starting it earlier would leave one more thread behind for each request while it failed.
      await sql`PRAGMA wal_autocheckpoint = ${sql.raw(String(BACKSTOP_PAGES))}`.execute(db.kysely);
      const checkpointer: WalCheckpointer = startWalCheckpointer(defaultSqliteFile(), {
        onRestartDue: () => void restartWal(db.writeGate!, checkpointer),
      });
    }
    return db;
  });
}
