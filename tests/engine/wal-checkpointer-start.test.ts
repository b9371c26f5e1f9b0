import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, expect, it, vi } from 'vitest';
import { BACKSTOP_PAGES, type WalCheckpointer } from '#src/server/db/wal-checkpointer.ts';

/**
 * getDb() tries a failed opening again at the next call (tests/unit/db-retry.test.ts), so on SQLite each request
 * while the database cannot be opened (a migration waiting out another process's write lock, a broken file) runs
 * getDb's start-up again. The WAL checkpointer is a worker thread that never ends by itself: started before the
 * opening is known to have worked, each of those requests would leave one more thread checkpointing behind.
 */
const started = vi.hoisted(() => [] as WalCheckpointer[]);
vi.mock(import('#src/server/db/wal-checkpointer.ts'), async (original) => {
  const real = await original();
  return {
    ...real,
    startWalCheckpointer: (...args: Parameters<typeof real.startWalCheckpointer>) => {
      const checkpointer = real.startWalCheckpointer(...args);
      started.push(checkpointer);
      return checkpointer;
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'wal-start-'));
afterAll(async () => {
  await Promise.all(started.map((c) => c.stop()));
  rmSync(dir, { recursive: true, force: true });
});

it('a database opening that fails leaves no checkpointer thread behind, however often it is tried again; one that works starts one', async () => {
  // Kysely's migration table with the wrong columns: every opening fails in migrate(), after the file is open.
  const broken = new DatabaseSync(join(dir, 'store.db'));
  broken.exec('CREATE TABLE kysely_migration (x INTEGER)');
  broken.close();
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dir;
  const { getDb } = await import('#src/server/db/database.ts');
  for (let i = 0; i < 3; i++) await expect(getDb()).rejects.toThrow();
  expect(started).toHaveLength(0);

  const mended = new DatabaseSync(join(dir, 'store.db'));
  mended.exec('DROP TABLE kysely_migration');
  mended.close();
  const db = await getDb();
  expect(await getDb()).toBe(db);
  expect(started).toHaveLength(1);
  // The request connection checkpoints only at the backstop; the worker does the rest.
  const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(db.kysely);
  expect(rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_PAGES);
  await db.kysely.destroy();
});
