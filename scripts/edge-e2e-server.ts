// The store at the edge for `npm run test:edge` (playwright.edge.config.ts): both targets built, a fresh SQLite store
// under E2E_DATA_DIR (data/edge-e2e) seeded, then the engine's server (E2E_PORT + 5) and the worker in workerd
// (E2E_PORT), as `npm run edge` starts them, with the test servers' settings (scripts/e2e-server.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { seed } from '../src/server/catalog/seed.ts';
import { startEdge } from './edge.ts';

const { E2E_PORT: port, E2E_DATA_DIR: dataDir } = config();
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const db = createDb({ sqliteFile: join(dataDir, 'store.db') });
await migrate(db);
await seed(db);
await db.kysely.destroy();

const edge = await startEdge({
  edgePort: port,
  enginePort: port + 5,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    STORE_DIST: `dist-edge-engine-${port}`,
    PEAK_HANDLING_FEE_CENTS: '0',
    IMAGE_CACHE_MAX_ENTRIES: '40',
    API_REPLY_CHECK: '1',
    OUTBOX_PAGE: '1',
    TRUST_PROXY: '1',
  },
  build: true,
  persistTo: mkdtempSync(join(tmpdir(), 'store-edge-e2e-')),
});
console.log(`edge test store: ${edge.origin}`);
const stop = () => {
  edge.stop();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const child of [edge.engine, edge.worker]) child.on('exit', (code) => code && process.exit(code));
