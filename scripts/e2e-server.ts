// Builds the store and serves it for the Playwright suite: two app instances (E2E_PORT and E2E_PORT+1) on one
// database: a fresh SQLite file under E2E_DATA_DIR, or the E2E_DATABASE_URL database, wiped and reseeded.
// (A separate variable on purpose: a developer's DATABASE_URL is never wiped by the tests.)
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { seed, wipe } from '../src/server/catalog/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const { E2E_PORT: port, E2E_DATA_DIR: dataDir, E2E_DATABASE_URL: databaseUrl, E2E_COMMERCE: commerce } = config();
// Each port builds into its own folder, so suites on different ports can run at the same time.
// The peak handling fee depends on the calendar: off, so no suite's totals depend on the day it runs.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  STORE_DIST: `dist-e2e-${port}`,
  PEAK_HANDLING_FEE_CENTS: '0',
  // A small image cache, so tests/api/image-service.spec.ts can see its bound hold.
  IMAGE_CACHE_MAX_ENTRIES: '40',
  // Every API reply is checked against its reply schema: a reply the contract does not describe fails the test.
  API_REPLY_CHECK: '1',
};

// Migrated and seeded before the instances start: the build reads no catalog (pages made from it are
// rendered on demand), and two instances opening a new SQLite file at once would both run its migrations.
if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
else rmSync(join(dataDir, 'image-cache'), { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const db = createDb(databaseUrl ? { databaseUrl } : { sqliteFile: join(dataDir, 'store.db') });
await migrate(db);
if (databaseUrl) await wipe(db);
await seed(db);
await db.kysely.destroy();

const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);

// The first instance (the tests' base URL) reaches the engine over the commerce API's HTTP binding, as a store in
// front of an engine's server does: the engine is a third process on port + 4 with the shared secret (E2E_COMMERCE=http,
// the default). The second instance runs the engine in process, as `npm start` does; with E2E_COMMERCE=embedded
// both do.
const ENGINE_PORT = port + 4;
const secret = randomBytes(32).toString('base64url');
const instance = (p: number, extra: NodeJS.ProcessEnv) =>
  spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: { ...SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(p), NODE_ENV: 'production', OUTBOX_PAGE: '1', TRUST_PROXY: '1', ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
const servers =
  commerce === 'http'
    ? [
        // The engine makes the URLs shoppers follow (where the browser tokenizes a card, PayPal's return, a social
        // sign-in's callback) from the public origin: the store's in front of it, as a deployment configures it.
        instance(ENGINE_PORT, { COMMERCE_API_SECRET: secret, PUBLIC_ORIGIN: `http://127.0.0.1:${port}` }),
        instance(port, { COMMERCE_API_URL: `http://127.0.0.1:${ENGINE_PORT}`, COMMERCE_API_SECRET: secret }),
        instance(port + 1, {}),
      ]
    : [instance(port, {}), instance(port + 1, {})];
const stop = () => {
  for (const s of servers) s.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
for (const s of servers) s.on('exit', (code) => code && process.exit(code));
