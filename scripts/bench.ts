// npm run bench: throughput and p99 latency of the production server on this machine, each as a ratio to a
// static page served by the same server in the same run, and the gzip size of the JS each page ships.
// It prints figures and asserts nothing. Options: --seconds N (default 5), --connections N (default 10).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '10' } } });
const duration = Number(values.seconds);
const connections = Number(values.connections);
const port = 4410;
const base = `http://127.0.0.1:${port}`;
const dataDir = 'data/bench';
const dist = 'dist-bench';
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', STORE_DIST: dist };

rmSync(dataDir, { recursive: true, force: true });
const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(1);
const server = spawn(process.execPath, ['src/server/main.ts'], { env: { ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' }, stdio: 'ignore' });
process.on('exit', () => server.kill());

for (let i = 0; i < 100; i++) {
  if (await fetch(`${base}/api/checkout/shipping_methods`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 100));
}

// A visitor with one line in the bag, for the basket read.
const first = await fetch(`${base}/api/checkout/product/add_to_cart`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ productId: 'fb-1001-blk-M', quantity: 1 }),
});
const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

const PRODUCT = '/p/everyday-crew-tee-fb-1001/';
const targets: { name: string; opts: autocannon.Options }[] = [
  { name: 'static page (baseline): GET /brand/fb/', opts: { url: `${base}/brand/fb/` } },
  { name: `product page: GET ${PRODUCT}`, opts: { url: `${base}${PRODUCT}` } },
  { name: 'category page (prerendered): GET /c/tops/', opts: { url: `${base}/c/tops/` } },
  { name: 'category re-sorted (on demand): GET /search?cgid=tops&sort=name', opts: { url: `${base}/search?cgid=tops&sort=name` } },
  { name: 'basket read: GET /api/checkout/basket', opts: { url: `${base}/api/checkout/basket`, headers: { cookie } } },
  {
    name: 'search suggestions, fast: POST auto_suggest',
    opts: { url: `${base}/api/global/auto_suggest`, method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: 'dres', brandContextId: 'fb', fullPayload: false }) },
  },
  {
    name: 'search suggestions, full: POST auto_suggest',
    opts: { url: `${base}/api/global/auto_suggest`, method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ query: 'dres', brandContextId: 'fb', fullPayload: true }) },
  },
  {
    name: 'add to bag, new visitor each time: POST add_to_cart',
    opts: { url: `${base}/api/checkout/product/add_to_cart`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ productId: 'fb-1001-blk-M', quantity: 1 }) },
  },
];

console.log(`\nLoad: ${connections} connections, ${duration} s each, one server process, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded SQLite'}\n`);
const rows: { name: string; rps: number; p99: number; errors: number }[] = [];
for (const t of targets) {
  const r = await autocannon({ ...t.opts, connections, duration });
  rows.push({ name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors });
}
const baseline = rows[0]!;
for (const r of rows) {
  console.log(
    `${r.name.padEnd(55)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ` +
      `×${(r.rps / baseline.rps).toFixed(2)} of baseline req/s, ×${(r.p99 / Math.max(1, baseline.p99)).toFixed(1)} p99${r.errors ? `  (${r.errors} non-2xx/errors)` : ''}`,
  );
}

// JS shipped per page: every module a page references (islands hydrate with it), with their static imports,
// gzip-compressed. Modules loaded only on use through import() are not counted.
function jsClosure(html: string): Set<string> {
  const files = new Set<string>();
  const queue = [...html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]!);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/_astro\/[^"']+\.js)["']/g)) queue.push(m[1]!);
  while (queue.length) {
    const url = queue.pop()!;
    if (files.has(url)) continue;
    files.add(url);
    const file = join(dist, 'client', url);
    if (!existsSync(file)) continue;
    // Static imports only: a dynamic import() (quick shop, mini bag) loads on use, not with the page.
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(resolve(dirname(url), m[1]!).replace(/^[A-Z]:/, ''));
    }
  }
  return files;
}
console.log('\nJS per page (gzip, every module loaded with the page incl. shared chunks; on-use imports excluded):');
for (const [name, path] of [['home', '/'], ['brand page', '/brand/fb/'], ['product page', PRODUCT], ['bag page', '/cart/'], ['sign-in page', '/register']] as const) {
  const html = await (await fetch(`${base}${path}`)).text();
  const files = jsClosure(html);
  const gz = [...files].reduce((sum, f) => sum + (existsSync(join(dist, 'client', f)) ? gzipSync(readFileSync(join(dist, 'client', f))).length : 0), 0);
  console.log(`  ${name.padEnd(14)} ${(gz / 1024).toFixed(1).padStart(6)} KiB in ${files.size} files`);
}
server.kill();
process.exit(0);
