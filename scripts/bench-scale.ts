// npm run bench:scale: the store at several catalog sizes side by side. For each size it seeds a
// SQLite store once (kept in data/scale-<N> and reused while its product count matches), builds, starts the
// production server and measures: build time and size, time until the server answers, pages (a static page as the
// baseline, a cached product page, a cached category page, the on-demand category listing), search (/search, the
// quick order by item number, suggestions fast and full) and a product page's first render, then the server's
// resident memory. Prints one table; asserts nothing. Options: --products 1000,10000,100000 (products added to the
// 46 of the seed), --seconds N (default 5), --connections N (default 10).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createDb } from '../src/server/db/database.ts';
import { quantile, spreadSlugs } from './bench-pages.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000,10000,100000' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
});
const sizes = values.products.split(',').map(Number);
if (sizes.some((n) => !Number.isInteger(n) || n < 0 || n > 200_000)) {
  console.error('--products takes whole numbers from 0 to 200000, separated by commas');
  process.exit(2);
}
const duration = Number(values.seconds);
const connections = Number(values.connections);
const port = 4415;
const base = `http://127.0.0.1:${port}`;
const BROWSER = { 'accept-encoding': 'br, gzip' };

interface Target {
  name: string;
  path: string;
  body?: unknown;
}
const TARGETS: Target[] = [
  { name: 'static page /checkout/ (baseline)', path: '/checkout/' },
  { name: 'product page, cached', path: '/p/everyday-crew-tee-fb-1001/' },
  { name: 'category page /c/tops/, cached', path: '/c/tops/' },
  { name: 'listing /search?cgid=tops&sort=name', path: '/search?cgid=tops&sort=name' },
  { name: 'search /search?q=blue+shirt', path: '/search?q=blue+shirt' },
  { name: 'quick order /quick-order?q=fb-1001', path: '/quick-order?q=fb-1001' },
  { name: "suggestions 'dres', fast", path: '/api/global/auto_suggest', body: { query: 'dres', brandContextId: 'fb', fullPayload: false } },
  { name: "suggestions 'dres', full", path: '/api/global/auto_suggest', body: { query: 'dres', brandContextId: 'fb', fullPayload: true } },
  { name: "suggestions 'blue sh', full", path: '/api/global/auto_suggest', body: { query: 'blue sh', brandContextId: 'fb', fullPayload: true } },
];

interface Measured {
  rps: number;
  p95: number;
  p99: number;
  errors: number;
}
interface Column {
  products: number;
  seedS: number | null;
  buildS: number;
  distMb: number;
  readyS: number;
  rows: Measured[];
  firstRenderMs: number;
  rssMb: number;
}

function bytesIn(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + bytesIn(join(path, name)), 0);
}

async function productCount(dataDir: string): Promise<number> {
  if (!existsSync(join(dataDir, 'store.db'))) return -1;
  const db = createDb({ sqliteFile: join(dataDir, 'store.db') });
  try {
    const row = await db.kysely
      .selectFrom('products')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? -1);
  } catch {
    return -1;
  } finally {
    await db.kysely.destroy();
  }
}

/** req/s and the p95 and p99 of every response's latency (autocannon reports p97.5, not p95). */
async function measure(t: Target): Promise<Measured> {
  const opts: autocannon.Options = {
    url: `${base}${t.path}`,
    connections,
    headers: { ...BROWSER, ...(t.body ? { 'content-type': 'application/json' } : {}) },
    ...(t.body ? { method: 'POST' as const, body: JSON.stringify(t.body) } : {}),
  };
  await autocannon({ ...opts, duration: 1 });
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...opts, duration }, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return { rps: result.requests.average, p95: quantile(times, 0.95), p99: quantile(times, 0.99), errors: result.non2xx + result.errors };
}

async function waitForServer(server: ChildProcess): Promise<void> {
  for (let i = 0; i < 6000; i++) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    const ok = await fetch(`${base}/checkout/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 10 minutes');
}

async function firstRenderMedian(dataDir: string): Promise<number> {
  const db = createDb({ sqliteFile: join(dataDir, 'store.db') });
  try {
    const times: number[] = [];
    // Pages nobody asked for yet (the product measured under load is cached by then).
    for (const slug of await spreadSlugs(db, 50, new Set([TARGETS[1]!.path]))) {
      const started = performance.now();
      const r = await fetch(`${base}/p/${slug}/`, { headers: BROWSER });
      await r.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return quantile(times, 0.5);
  } finally {
    await db.kysely.destroy();
  }
}

async function column(extra: number): Promise<Column> {
  const dataDir = `data/scale-${extra}`;
  const dist = `dist-scale-${extra}`;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORE_DIST: dist };
  let seedS: number | null = null;
  if ((await productCount(dataDir)) !== 46 + extra) {
    rmSync(dataDir, { recursive: true, force: true });
    const started = Date.now();
    const seeded = spawnSync(process.execPath, ['scripts/seed.ts', '--products', String(extra)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (seeded.status !== 0) throw new Error('seeding failed');
    seedS = (Date.now() - started) / 1000;
  }
  rmSync(dist, { recursive: true, force: true });
  const buildStarted = Date.now();
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the build failed');
  const buildS = (Date.now() - buildStarted) / 1000;
  const distMb = bytesIn(dist) / 1024 / 1024;

  const started = Date.now();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: { ...SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  try {
    await waitForServer(server);
    const readyS = (Date.now() - started) / 1000;
    // One full request to each page first: what a first request builds (a page kept in the cache) is built before
    // any measurement. Then the first renders, which must find the cache without those pages.
    for (const t of TARGETS) if (!t.body) await fetch(`${base}${t.path}`, { headers: BROWSER }).then((r) => r.arrayBuffer());
    const firstRenderMs = await firstRenderMedian(dataDir);
    const rows: Measured[] = [];
    for (const t of TARGETS) rows.push(await measure(t));
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
    return { products: 46 + extra, seedS, buildS, distMb, readyS, rows, firstRenderMs, rssMb: Number(rss ?? 0) / 1024 };
  } finally {
    server.kill();
    await new Promise((r) => server.once('exit', r));
    rmSync(dist, { recursive: true, force: true });
  }
}

const columns: Column[] = [];
for (const extra of sizes) {
  console.error(`Measuring ${46 + extra} products…`);
  columns.push(await column(extra));
}

const cell = (s: string) => s.padStart(26);
const head = (label: string) => label.padEnd(40);
console.log(
  `\nThe store at ${columns.map((c) => c.products.toLocaleString('en-US')).join(', ')} products (SQLite; ${connections} connections, ${duration} s per target)`,
);
console.log(head('') + columns.map((c) => cell(`${c.products.toLocaleString('en-US')} products`)).join(''));
const line = (label: string, f: (c: Column) => string) => console.log(head(label) + columns.map((c) => cell(f(c))).join(''));
line('seed (this run; reused when blank)', (c) => (c.seedS === null ? '' : `${c.seedS.toFixed(0)} s`));
line('build', (c) => `${c.buildS.toFixed(1)} s, ${c.distMb.toFixed(1)} MB`);
line('server answers after', (c) => `${c.readyS.toFixed(1)} s`);
for (const [i, t] of TARGETS.entries()) {
  line(t.name, (c) => {
    const r = c.rows[i]!;
    const ratio = i === 0 ? '' : ` ×${(r.rps / c.rows[0]!.rps).toFixed(2)}`;
    return `${r.rps.toFixed(0)}/s${ratio} p95 ${r.p95.toFixed(1)}${r.errors ? ` (${r.errors} err)` : ''}`;
  });
}
line('product page first render (median)', (c) => `${c.firstRenderMs.toFixed(1)} ms`);
line('server memory (resident) at the end', (c) => `${c.rssMb.toFixed(0)} MB`);
console.log('\nreq/s with ×ratio to the static page in the same column, and p95 latency in ms.');
process.exit(0);
