// npm start: migrate and seed the database when empty, build the store when the build is missing or its source
// changed, then serve it. Nothing prerendered reads the catalog (pages made from it are rendered on demand and
// cached until it changes: src/server/http/page-cache.ts), so a changed catalog needs no rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { config } from '../src/server/config.ts';
import { createDb, migrate } from '../src/server/db/database.ts';
import { seedIfEmpty } from '../src/server/catalog/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

// The build folder: STORE_DIST when set (astro.config.mjs and the server read it too), else dist.
const DIST = process.env.STORE_DIST ?? 'dist';
const STAMP = join(DIST, '.build-stamp');

function newestMtime(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newestMtime(join(path, name))), s.mtimeMs);
}

const db = createDb({ databaseUrl: config().DATABASE_URL });
await migrate(db);
await seedIfEmpty(db);
await db.kysely.destroy();

const sources = ['src', 'public', 'astro.config.mjs', 'package-lock.json'].filter(existsSync);
const fingerprint = createHash('sha256')
  .update(JSON.stringify({ source: Math.max(...sources.map(newestMtime)) }))
  .digest('hex');

if (!existsSync(join(DIST, 'server/entry.mjs')) || !existsSync(STAMP) || readFileSync(STAMP, 'utf8') !== fingerprint) {
  console.log('Building the store (first start, or the source changed)…');
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, fingerprint);
}

if (!process.env.SMTP_URL) {
  console.log('E-mail (password reset links) stays in the outbox: read it with `npm run outbox`.');
}
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
