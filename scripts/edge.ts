// npm run edge: the store at the edge on this machine. Builds the Node store (the engine's server) and the edge worker
// (STORE_TARGET=edge), seeds like `npm start`, then starts the engine's server on 127.0.0.1:PORT answering the commerce
// API with a secret made for this run, and the worker in workerd (scripts/edge-worker.ts: Miniflare, workerd's own
// socket, offline: no login, metrics or update check) on 127.0.0.1:EDGE_PORT (default 8787), its engine and secret
// given as variables at run time. Stays up until stopped (Ctrl-C stops both). `--no-build` serves the last builds.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { seedIfEmpty } from '../src/server/catalog/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';
import type { WorkerOptions } from './edge-worker.ts';

/** What keeps wrangler and Astro offline and quiet: no telemetry, error reports, update checks or banner. */
export const OFFLINE_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  ASTRO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
};

export interface EdgeOptions {
  /** The worker's port (EDGE_PORT). */
  edgePort: number;
  /** The engine's server's port. */
  enginePort: number;
  /** The engine's build (its STORE_DIST), and the data directory or database it serves. */
  env: NodeJS.ProcessEnv;
  build: boolean;
  /** Where the edge's cache and state live for this run (emptied first). */
  persistTo: string;
}

export function buildEdge(env: NodeJS.ProcessEnv): void {
  for (const target of [{}, { STORE_TARGET: 'edge' }]) {
    const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
      env: { ...env, ...OFFLINE_ENV, ...target },
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error(`astro build ${target.STORE_TARGET ?? 'node'} failed`);
  }
}

/** Starts the engine's server and the worker; resolves once the worker answers through to the engine. */
export async function startEdge({ edgePort, enginePort, env, build, persistTo }: EdgeOptions) {
  if (build) buildEdge(env);
  const secret = randomBytes(32).toString('base64url');
  const origin = `http://127.0.0.1:${edgePort}`;
  const engine = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: {
      ...SERVER_ENV,
      ...env,
      HOST: '127.0.0.1',
      PORT: String(enginePort),
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: origin,
      COMMERCE_API_SECRET: secret,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  rmSync(persistTo, { recursive: true, force: true });
  const vars = {
    COMMERCE_API_URL: `http://127.0.0.1:${enginePort}`,
    COMMERCE_API_SECRET: secret,
    PUBLIC_ORIGIN: origin,
    NODE_ENV: 'production',
    OUTBOX_PAGE: env['OUTBOX_PAGE'] ?? '',
    API_REPLY_CHECK: env['API_REPLY_CHECK'] ?? '',
    TRUST_PROXY: env['TRUST_PROXY'] ?? '',
  };
  const worker = spawn(process.execPath, ['scripts/edge-worker.ts'], {
    env: {
      ...env,
      ...OFFLINE_ENV,
      EDGE_WORKER: JSON.stringify({ config: 'dist-edge/server/wrangler.json', port: edgePort, vars, persistTo } satisfies WorkerOptions),
    },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  const stop = () => {
    worker.kill('SIGTERM');
    engine.kill('SIGTERM');
  };
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${origin}/api/checkout/shipping_methods`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { origin, stop, engine, worker };
    if (engine.exitCode !== null || worker.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('the edge worker did not answer through to the engine within a minute');
}

if (import.meta.main) {
  const { EDGE_PORT, PORT, DATABASE_URL } = config();
  const db = createDb({ databaseUrl: DATABASE_URL });
  await migrate(db);
  await seedIfEmpty(db);
  await db.kysely.destroy();
  const edge = await startEdge({
    edgePort: EDGE_PORT,
    enginePort: PORT,
    env: process.env,
    build: !process.argv.includes('--no-build'),
    persistTo: mkdtempSync(join(tmpdir(), 'store-edge-')),
  });
  console.log(`The store at the edge: ${edge.origin} (the engine's server on 127.0.0.1:${PORT})`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      edge.stop();
      process.exit(0);
    });
  }
}
