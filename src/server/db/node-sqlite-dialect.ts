import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { countStatement } from './statement-count.ts';

/**
 * Kysely ships a SQLite dialect written for better-sqlite3's interface. Node's built-in `node:sqlite` differs in two
 * small ways (parameters are spread, and statements have no `reader` flag), so this adapter bridges them and lets
 * the store run on nothing but Node.
 */
function wrapStatement(db: DatabaseSync, sql: string, stmt: StatementSync): SqliteStatement {
  const params = (p: ReadonlyArray<unknown>) => p.map(toSqlValue);
  return {
    reader: stmt.columns().length > 0,
    all: (p) => stmt.all(...params(p)),
    run: (p) => {
      const r = stmt.run(...params(p));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    // A streamed read stays open across awaits, so it gets a statement of its own, never the shared cached one.
    iterate: (p) => db.prepare(sql).iterate(...params(p)) as IterableIterator<unknown>,
  };
}

/**
 * Prepared statements by SQL text, least recently used dropped first. The same few hundred queries run on every
 * request; preparing each again was a visible share of a page's time. Safe because the connection runs one
 * statement at a time (Kysely's SQLite driver holds a lock around each query) and `all`/`run` reset the statement.
 */
const STATEMENT_CACHE_SIZE = 500;
function cachedPrepare(db: DatabaseSync): (sql: string) => SqliteStatement {
  const cache = new Map<string, SqliteStatement>();
  return (sql) => {
    // Kysely's SQLite driver prepares once per statement it runs: the count of statements sent.
    countStatement();
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql);
    } else {
      stmt = wrapStatement(db, sql, db.prepare(sql));
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, stmt);
    return stmt;
  };
}

function toSqlValue(v: unknown): SQLInputValue {
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  return v as SQLInputValue;
}

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  // WAL lets readers run beside the writer; busy_timeout makes a second app process wait for the write lock
  // instead of failing at once; foreign keys are off by default in SQLite.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
  return db;
}

export function nodeSqliteDialect(file: string): SqliteDialect {
  return new SqliteDialect({
    database: async () => {
      const db = openSqlite(file);
      const adapted: SqliteDatabase = {
        close: () => db.close(),
        prepare: cachedPrepare(db),
      };
      return adapted;
    },
  });
}
