// Measures how long bags stay locked after a crash: the production server (as `npm start` runs it) is killed with
// SIGKILL while 20 card placements are between authorizing and committing, started again at once, and timed from
// that start until every one of the 20 bags is settled (its hold voided, its stock back, the bag editable, the
// idempotency key answering). Each placement uses the sandbox's timeout card (4000 0000 0000 7775): the sandbox records
// the hold at once and answers only after PAYMENT_TIMEOUT_MS, so all 20 are reliably caught in that window.
//
//   node scripts/crash-recovery.ts                 SQLite, in a fresh temporary data directory
//   DATABASE_URL=postgres://… node scripts/…       PostgreSQL: a fresh database is made on that server (and dropped)
//   PORT (default 4431), STORE_DIST (default dist-crash): the server's port and build folder; --reuse-build skips
//   the build when STORE_DIST already holds one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, migrate, type Db } from '../src/server/db/database.ts';
import { seed } from '../src/server/catalog/seed.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../src/server/node-flags.ts';

const PLACEMENTS = 20;
const SKU = 'fb-1002-olv-M';
const TIMEOUT_CARD = '4000000000007775';
const port = Number(process.env.PORT ?? 4431);
const origin = `http://127.0.0.1:${port}`;
const dist = process.env.STORE_DIST ?? 'dist-crash';
const dataDir = mkdtempSync(join(tmpdir(), 'crash-recovery-'));

// A database of its own: a temporary SQLite file, or a new database on the PostgreSQL server named.
let databaseUrl = '';
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `crash_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
}
const db: Db = databaseUrl ? createDb({ databaseUrl, poolSize: 4 }) : createDb({ sqliteFile: join(dataDir, 'store.db') });
await migrate(db);
await seed(db);
await db.kysely.updateTable('stock').set({ on_hand: 1000 }).where('sku', '=', SKU).execute();

const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STORE_DIST: dist, PEAK_HANDLING_FEE_CENTS: '0' };
if (!process.argv.includes('--reuse-build') || !existsSync(join(dist, 'server/entry.mjs'))) {
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the build failed');
}

let server: ChildProcess | undefined;
const startServer = () => {
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'src/server/main.ts'], {
    env: { ...SERVER_ENV, ...env, HOST: '127.0.0.1', PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
};
const until = async (condition: () => Promise<boolean>, what: string, withinMs = 120_000) => {
  const deadline = Date.now() + withinMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return performance.now();
};
const listening = () => until(async () => (await fetch(`${origin}/api/checkout/shipping_methods`)).ok, 'the server to listen');

/** A shopper: their own cookies, sent with every request. */
function shopper() {
  const cookies = new Map<string, string>();
  return async (path: string, init: { method?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    let body: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(`${origin}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

async function readyBag() {
  const call = shopper();
  const step = async (path: string, init: Parameters<typeof call>[1]) => {
    const r = await call(path, init);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  await step('/api/checkout/product/add_to_cart', { json: { productId: SKU, quantity: 1 } });
  await step('/api/checkout/email', { json: { email: 'crash@example.com' } });
  const address = { firstName: 'Ann', lastName: 'Lee', address1: '224 W 35th St', address2: '', company: '', city: 'New York' };
  await step('/api/checkout/shipping_address/create/', {
    json: { address: { ...address, stateCode: 'NY', postalCode: '10001', phone: '2125550100', countryCode: 'US' } },
  });
  await step('/api/checkout/shipping_method/', { json: { shippingMethodId: 'Regular', confirm: true } });
  const year = new Date().getFullYear() + 2;
  const token = await step('/sandbox-gateway/v1/tokens', {
    headers: { authorization: 'Bearer pk_test_sandbox' },
    form: { 'card[number]': TIMEOUT_CARD, 'card[exp_month]': '12', 'card[exp_year]': String(year), 'card[cvc]': '123', 'card[name]': 'Ann Lee' },
  });
  const card = { token: token.id };
  const paid = await step('/api/checkout/payment_method/update/', { json: { card, billingSameAsShipping: true } });
  const basket = paid.body.checkout.basket;
  return { call, basketId: basket.basketId as string, orderTotal: basket.c_summary.orderTotal as number, key: randomUUID() };
}

const place = (b: Awaited<ReturnType<typeof readyBag>>) =>
  b.call('/api/checkout/payment_place_order/create/', { json: { orderTotal: b.orderTotal }, headers: { 'idempotency-key': b.key } });

try {
  startServer();
  await listening();
  const bags = await Promise.all(Array.from({ length: PLACEMENTS }, readyBag));
  const ids = bags.map((b) => b.basketId);
  const stockBefore = (await db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;
  for (const b of bags) void place(b).catch(() => {}); // cut off by the kill
  const attempts = () => db.kysely.selectFrom('checkout_attempts').select(['id', 'state', 'lease_until']).where('basket_id', 'in', ids).execute();
  const holds = async () => {
    const refs = (await attempts()).map((a) => a.id);
    if (refs.length === 0) return [];
    return db.kysely.selectFrom('payment_sandbox_authorizations').select('status').where('reference', 'in', refs).execute();
  };
  await until(async () => (await holds()).filter((h) => h.status === 'authorized').length === PLACEMENTS, 'every placement to hold its amount');

  server!.kill('SIGKILL');
  await new Promise((r) => server!.once('exit', r));
  const caught = await attempts();
  const leaseEnds = caught.map((a) => Date.parse(a.lease_until));
  const restartedAt = performance.now();
  const restartedWall = Date.now();
  startServer();
  const upAt = await listening();

  const settled = async () => {
    const open = await db.kysely.selectFrom('baskets').select('id').where('id', 'in', ids).where('placing_attempt_id', 'is not', null).execute();
    return open.length === 0;
  };
  const firstSettledAt = await until(
    async () =>
      (await db.kysely.selectFrom('baskets').select('id').where('id', 'in', ids).where('placing_attempt_id', 'is', null).execute()).length > 0,
    'a first bag to be settled',
  );
  const settledAt = await until(settled, 'every bag to be settled');
  const stockAfter = (await db.kysely.selectFrom('stock').select('on_hand').where('sku', '=', SKU).executeTakeFirstOrThrow()).on_hand;
  const replies = await Promise.all(bags.map(place));
  const edits = await Promise.all(bags.map((b) => b.call('/api/checkout/email', { json: { email: 'after@example.com' } })));
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    JSON.stringify(
      {
        database: databaseUrl ? 'PostgreSQL' : 'SQLite',
        placementsCaught: caught.filter((a) => a.state === 'authorizing').length,
        leaseLeftAtRestart: `${secs(Math.min(...leaseEnds) - restartedWall)} to ${secs(Math.max(...leaseEnds) - restartedWall)}`,
        serverListening: secs(upAt - restartedAt),
        firstBagSettled: secs(firstSettledAt - restartedAt),
        everyBagSettled: secs(settledAt - restartedAt),
        afterLastLeaseEnded: secs(settledAt - restartedAt - (Math.max(...leaseEnds) - restartedWall)),
        holdsLeft: (await holds()).filter((h) => h.status === 'authorized').length,
        stockGivenBack: stockAfter === stockBefore,
        keysAnswer: [...new Set(replies.map((r) => r.status))],
        bagEdits: [...new Set(edits.map((r) => r.status))],
      },
      null,
      2,
    ),
  );
} finally {
  server?.kill('SIGTERM');
  await db.kysely.destroy();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
