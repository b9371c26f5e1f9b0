// npm run bench: throughput and p99 latency of the production server on this machine, each as a ratio to a
// static page served by the same server in the same run, and the bytes each page transfers (HTML, CSS and the JS it
// loads with it, as sent). Every request says Accept-Encoding: br, gzip, as browsers do (--accept-encoding '' drops it).
// It prints figures and asserts nothing. Options: --seconds N (default 5), --connections N (default 10), --port N
// (default 4410; another port builds into its own folder), --data-dir DIR (serve that store's SQLite database as it
// is, e.g. a 100,000-product catalog made with `DATA_DIR=DIR npm run seed -- --products 100000`; by default a new
// one is seeded), --pages-only (the pages and the first renders, without the API targets and the checkout), --orders N
// (orders placed in each of the checkout's placement runs; by default 2,000), --edge (the same store through the edge
// worker in workerd as well: scripts/bench-edge.ts). The cached pages are also measured while an editor publishes every
// second (scripts/bench-publishing.ts).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pageWeight } from '../tests/helpers/page-weight.ts';
import { giftCardIssuer } from '../tests/helpers/gift-card-fixtures.ts';
import { benchCheckout } from './bench-checkout.ts';
import { statementCounter, statementsPer } from './bench-statements.ts';
import { benchFirstRenders } from './bench-pages.ts';
import { benchHttpBinding, startHttpBindingStore, storeAnswers } from './bench-binding.ts';
import { benchPublishing } from './bench-publishing.ts';
import { createDb } from '../src/server/db/database.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'accept-encoding': { type: 'string', default: 'br, gzip' },
    port: { type: 'string', default: '4410' },
    'data-dir': { type: 'string' },
    'pages-only': { type: 'boolean', default: false },
    orders: { type: 'string' },
    edge: { type: 'boolean', default: false },
  },
});
const acceptEncoding: Record<string, string> = values['accept-encoding'] ? { 'accept-encoding': values['accept-encoding'] } : {};
const duration = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = values['data-dir'] ?? 'data/bench';
const dist = port === 4410 ? 'dist-bench' : `dist-bench-${port}`;
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', STORE_DIST: dist };

if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
const buildStarted = Date.now();
const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(1);
console.log(`Build: ${((Date.now() - buildStarted) / 1000).toFixed(1)} s`);
// The server also answers the commerce API (the shared secret), for the HTTP binding's figures at the end.
const secret = randomBytes(32).toString('base64url');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
  // TRUST_PROXY: the checkout run gives each simulated shopper an address of their own (X-Forwarded-For).
  env: { ...SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production', TRUST_PROXY: '1', COMMERCE_API_SECRET: secret },
  // The IPC channel: the server answers how many statements it has sent (src/server/db/statement-count.ts).
  stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
});
const statements = statementCounter(server);
process.on('exit', () => server.kill());

await storeAnswers(base);

// A visitor with one line in the bag, for the basket read.
const first = await fetch(`${base}/api/checkout/product/add_to_cart`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ productId: 'fb-1001-blk-M', quantity: 1 }),
});
const cookie = first.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');

const PRODUCT = '/p/everyday-crew-tee-fb-1001/';
// The baseline is a prerendered page served as a file (the checkout's shell: every page with the header is rendered
// on demand, its header being live); product, category and brand pages are rendered on demand and measured once
// cached (the warm-up second caches them).
const pageTargets: { name: string; opts: autocannon.Options }[] = [
  { name: 'static page (baseline): GET /checkout/', opts: { url: `${base}/checkout/` } },
  { name: `product page (cached): GET ${PRODUCT}`, opts: { url: `${base}${PRODUCT}` } },
  { name: 'category page (cached): GET /c/tops/', opts: { url: `${base}/c/tops/` } },
  { name: 'brand page (cached): GET /brand/fb/', opts: { url: `${base}/brand/fb/` } },
  { name: 'category re-sorted (on demand): GET /search?cgid=tops&sort=name', opts: { url: `${base}/search?cgid=tops&sort=name` } },
];
const apiTargets: { name: string; opts: autocannon.Options }[] = [
  { name: 'basket read: GET /api/checkout/basket', opts: { url: `${base}/api/checkout/basket`, headers: { cookie } } },
  {
    name: 'search suggestions, fast: POST auto_suggest',
    opts: {
      url: `${base}/api/global/auto_suggest`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: 'dres', brandContextId: 'fb', fullPayload: false }),
    },
  },
  {
    name: 'search suggestions, full: POST auto_suggest',
    opts: {
      url: `${base}/api/global/auto_suggest`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ query: 'dres', brandContextId: 'fb', fullPayload: true }),
    },
  },
  {
    name: 'add to bag, new visitor each time: POST add_to_cart',
    opts: {
      url: `${base}/api/checkout/product/add_to_cart`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 'fb-1001-blk-M', quantity: 1 }),
    },
  },
];
const targets = values['pages-only'] ? pageTargets : [...pageTargets, ...apiTargets];

console.log(
  `\nLoad: ${connections} connections, ${duration} s each, one server process, ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded SQLite'}, ` +
    `Accept-Encoding: ${values['accept-encoding'] || '(none)'}\n`,
);
// A second of each target first, unreported: the first target measured (the baseline) would otherwise also pay for
// the server's JIT warm-up and first reads, and every ratio would be against a slow baseline. Each target's warm-up
// comes right before it: requests a slow target (a listing of 100,000 products) leaves queued when its run ends are
// then answered during the next target's warm-up, not its measurement.
// Before that, one request to each page, answered in full: what a first request builds (the search index behind
// category listings, a page kept in the page cache) is then built before any measurement.
for (const t of targets) {
  const headers = { ...acceptEncoding, ...(t.opts.headers as Record<string, string> | undefined) };
  if (!t.opts.method) await fetch(String(t.opts.url), { headers }).then((r) => r.arrayBuffer());
}
const rows: { name: string; rps: number; p99: number; errors: number; statements: number }[] = [];
for (const t of targets) {
  const headers = { ...acceptEncoding, ...(t.opts.headers as Record<string, string> | undefined) };
  await autocannon({ ...t.opts, headers, connections, duration: 1 });
  const r = await autocannon({ ...t.opts, headers, connections, duration });
  // Then the statements one request sends, the requests one at a time (bench-statements.ts).
  const { method = 'GET', body } = t.opts;
  const sent = await statementsPer(statements, () =>
    fetch(String(t.opts.url), { method, headers, body: body as string | undefined }).then((res) => res.arrayBuffer()),
  );
  rows.push({ name: t.name, rps: r.requests.average, p99: r.latency.p99, errors: r.non2xx + r.errors, statements: sent });
}
// Stock for every order the checkout run places (the seed has a few dozen per size).
const CHECKOUT_SKU = 'fb-1002-olv-M';
const db = createDb(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : { sqliteFile: `${dataDir}/store.db` });
if (!values['pages-only']) await db.kysely.updateTable('stock').set({ on_hand: 1_000_000 }).where('sku', '=', CHECKOUT_SKU).execute();
const baseline = rows[0]!;
for (const r of rows) {
  console.log(
    `${r.name.padEnd(55)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ` +
      `×${(r.rps / baseline.rps).toFixed(2)} of baseline req/s, ×${(r.p99 / Math.max(1, baseline.p99)).toFixed(1)} p99  ` +
      `${r.statements} statements${r.errors ? `  (${r.errors} non-2xx/errors)` : ''}`,
  );
}

// Bytes each page transfers (tests/helpers/page-weight.ts): HTML, stylesheets and every JS module loaded with the
// page (with their static imports; on-use import()s excluded), as sent. Images apart: most load lazily.
const kib = (n: number) => (n / 1024).toFixed(1).padStart(6);
console.log(`\nBytes transferred per page (KiB as sent, Accept-Encoding: ${values['accept-encoding'] || '(none)'}):`);
console.log(`  ${''.padEnd(14)} ${'total'.padStart(6)} ${'HTML'.padStart(6)} ${'CSS'.padStart(6)} ${'JS'.padStart(6)}   ${'images'.padStart(6)}`);
for (const [name, path] of [
  ['home', '/'],
  ['brand page', '/brand/fb/'],
  ['product page', PRODUCT],
  ['bag page', '/cart/'],
  ['sign-in page', '/register'],
  ['checkout', '/checkout'],
  ['confirmation', '/order-confirmation'],
] as const) {
  const w = await pageWeight(base, path, acceptEncoding);
  console.log(`  ${name.padEnd(14)} ${kib(w.total)} ${kib(w.html)} ${kib(w.css)} ${kib(w.js)}   ${kib(w.images)}`);
}
await benchFirstRenders(base, db, 100, new Set([PRODUCT]), acceptEncoding, server.pid);
// Publishing last among the pages: the page cache reads its stamp every 2 s at most (src/server/http/page-cache.ts),
// so the last publish can reach it between a page's first request and its second, which would be rendered again.
await benchPublishing(
  base,
  db,
  pageTargets.filter((t) => t.name.includes('(cached)')),
  connections,
  duration,
  acceptEncoding,
);
// The server's resident memory now (Linux): the page cache is bounded (src/server/http/page-cache.ts), the rest is not.
const rss = existsSync(`/proc/${server.pid}/status`) ? /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] : undefined;
if (rss) console.log(`\nServer memory (resident): ${(Number(rss) / 1024).toFixed(0)} MB`);
// Gift cards for the two-instrument placements and the code field: $10.00 each, issued as an order's commit would.
// Ten at a time: on PostgreSQL the bench's own pool has ten connections, and a connection waited for longer than its
// time-out fails the run.
const giftCards = async (n: number) => {
  const issuer = await giftCardIssuer(db);
  const cards: Awaited<ReturnType<typeof issuer.card>>[] = [];
  while (cards.length < n) cards.push(...(await Promise.all(Array.from({ length: Math.min(10, n - cards.length) }, () => issuer.card(1_000)))));
  return cards;
};
if (!values['pages-only']) {
  const orders = values.orders ? Number(values.orders) : undefined;
  await benchCheckout(base, connections, duration, CHECKOUT_SKU, acceptEncoding, giftCards, statements, orders);
  const viaHttp = await startHttpBindingStore(env, port + 1, base, secret);
  await benchHttpBinding(apiTargets, base, viaHttp.base, baseline, connections, duration, acceptEncoding, cookie);
  console.log("\nThe checkout through the HTTP binding (statements are the engine server's, as above):");
  await benchCheckout(viaHttp.base, connections, duration, CHECKOUT_SKU, acceptEncoding, giftCards, statements, orders);
  viaHttp.store.kill();
}
await db.kysely.destroy();
if (values.edge) {
  // The edge worker's engine is a second engine server on this run's store (the same data directory or database).
  const { benchEdge } = await import('./bench-edge.ts');
  await benchEdge({
    direct: base,
    env: { ...env, STORE_DIST: `${dist}-engine` },
    edgePort: port + 3,
    enginePort: port + 2,
    baseline,
    connections,
    duration,
    headers: acceptEncoding,
    product: PRODUCT,
  });
}
server.kill();
process.exit(0);
