import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, migrate, type Db } from '../../src/server/db/database.ts';
import { seed } from '../../src/server/catalog/seed.ts';

export interface TestDb {
  db: Db;
  /** Opens another, independent handle on the same database (another "app instance"). */
  another(): Db;
  /** SQLite file path, when on SQLite. */
  file?: string;
  pgSchema?: string;
  cleanup(): Promise<void>;
}

/** The PostgreSQL server the data tests run against when DATABASE_URL is set (CI's second pass). */
export const PG_URL = process.env.DATABASE_URL || undefined;

/**
 * A fresh, migrated and seeded database for one test file: a temporary SQLite file, or a throw-away schema on
 * the PostgreSQL server named by DATABASE_URL.
 */
export async function freshDb(options: { seed?: boolean; poolSize?: number } = {}): Promise<TestDb> {
  const handles: Db[] = [];
  if (PG_URL) {
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const open = () => {
      const db = createDb({ databaseUrl: PG_URL, pgSchema: schema, poolSize: options.poolSize ?? 25 });
      handles.push(db);
      return db;
    };
    const db = open();
    await migrate(db);
    if (options.seed !== false) await seed(db);
    return {
      db,
      another: open,
      pgSchema: schema,
      async cleanup() {
        await Promise.all(handles.map((h) => h.kysely.destroy()));
        const c = new pg.Client({ connectionString: PG_URL });
        await c.connect();
        await c.query(`drop schema ${schema} cascade`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
  const file = join(dir, 'store.db');
  const open = () => {
    const db = createDb({ sqliteFile: file });
    handles.push(db);
    return db;
  };
  const db = open();
  await migrate(db);
  if (options.seed !== false) await seed(db);
  return {
    db,
    another: open,
    file,
    async cleanup() {
      await Promise.all(handles.map((h) => h.kysely.destroy()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
