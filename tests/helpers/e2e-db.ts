import { join } from 'node:path';
import { createDb, type Db } from '#src/server/db/database.ts';

/** The database the Playwright servers use (scripts/e2e-server.ts), opened from a test for setup and checks. */
export function e2eDb(): Db {
  const url = process.env.E2E_DATABASE_URL;
  return url ? createDb({ databaseUrl: url, poolSize: 2 }) : createDb({ sqliteFile: join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'store.db') });
}
