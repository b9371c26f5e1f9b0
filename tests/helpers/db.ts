import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { createDb, migrate, type Db } from '#src/server/db/database.ts';
import { migrationProvider } from '#src/server/db/migrations/index.ts';
import { seed } from '#src/server/catalog/seed.ts';

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
export async function freshDb(options: { seed?: boolean; poolSize?: number; migratedUpTo?: string } = {}): Promise<TestDb> {
  const handles: Db[] = [];
  const opener = (make: () => Db) => () => {
    const db = make();
    handles.push(db);
    return db;
  };
  let open: () => Db;
  let where: Pick<TestDb, 'file' | 'pgSchema'>;
  let dropStore: () => Promise<void>;
  if (PG_URL) {
    const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(statement);
      await c.end();
    };
    await admin(`create schema ${schema}`);
    open = opener(() => createDb({ databaseUrl: PG_URL, pgSchema: schema, poolSize: options.poolSize ?? 25 }));
    where = { pgSchema: schema };
    dropStore = () => admin(`drop schema ${schema} cascade`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
    const file = join(dir, 'store.db');
    open = opener(() => createDb({ sqliteFile: file }));
    where = { file };
    dropStore = async () => rmSync(dir, { recursive: true, force: true });
  }
  const db = open();
  const testDb: TestDb = {
    db,
    another: open,
    ...where,
    async cleanup() {
      await Promise.all(handles.map((h) => h.kysely.destroy()));
      await dropStore();
    },
  };
  if (options.migratedUpTo) {
    // A store as it was before a migration, for the migration's own test: migrate(db) then brings it up to date.
    const migrator = new Migrator({ db: db.kysely, provider: migrationProvider, ...(db.pgSchema ? { migrationTableSchema: db.pgSchema } : {}) });
    const { error } = await migrator.migrateTo(options.migratedUpTo);
    if (error) throw error;
    return testDb;
  }
  await migrate(db);
  if (options.seed !== false) await seed(db);
  return testDb;
}
