import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { seed } from '#src/server/catalog/seed.ts';
import { createDb, migrate } from '#src/server/db/database.ts';
import { PAGE_UNAVAILABLE } from '#src/web/http/error-page.ts';
import { startEdge } from '../../scripts/edge.ts';

/**
 * The edge while the engine's server is away: a worker and an engine of this file's own (the run's builds, a store
 * of its own), so stopping the engine reaches no other test. Kept pages and suggestions are still served; every other
 * page answers a plain page that says to try again, every call the API's error JSON, each within 10 seconds and
 * never with a stack trace; once the engine answers again, so does the store.
 */
const PORT = Number(process.env.E2E_PORT ?? 8788) + 20;
const KEPT = '/p/striped-boat-neck-top-fb-1004/';
/** Pages nobody asked for before the engine went away, one per outage. */
const NOT_KEPT = ['/p/wireless-comfort-bra-bh-5003/', '/p/chambray-shirt-ca-7005/'] as const;
const SUGGEST = { query: 'linen', fullPayload: false };

const edgeDid = (headers: Record<string, string>) => /edge;desc=(\w+)/.exec(headers['server-timing'] ?? '')?.[1];

let edge: Awaited<ReturnType<typeof startEdge>>;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'edge-down-'));
  mkdirSync(dataDir, { recursive: true });
  const db = createDb({ sqliteFile: join(dataDir, 'store.db') });
  await migrate(db);
  await seed(db);
  await db.kysely.destroy();
  edge = await startEdge({
    edgePort: PORT,
    enginePort: PORT + 5,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', STORE_DIST: `dist-edge-engine-${PORT - 20}`, PEAK_HANDLING_FEE_CENTS: '0' },
    build: false,
    persistTo: join(dataDir, 'edge-state'),
  });
});

test.afterAll(() => {
  edge?.engine.kill('SIGCONT');
  edge?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('while the engine’s server is away, kept pages are served and everything else says so within 10 seconds', async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: edge.origin });
  const kept = await (await request.get(KEPT)).text();
  expect(edgeDid((await request.get(KEPT)).headers())).toBe('hit');
  const suggested = await (await request.post('/api/global/auto_suggest', { data: SUGGEST })).text();
  expect(edgeDid((await request.post('/api/global/auto_suggest', { data: SUGGEST })).headers())).toBe('hit');

  const timed = async <T>(what: () => Promise<T>) => {
    const started = performance.now();
    const result = await what();
    return { result, ms: performance.now() - started };
  };
  const expectAway = async (notKept: string) => {
    const page = await timed(() => request.get(KEPT));
    expect(page.result.status()).toBe(200);
    expect(edgeDid(page.result.headers())).toBe('hit');
    expect(await page.result.text()).toBe(kept);
    const suggestion = await request.post('/api/global/auto_suggest', { data: SUGGEST });
    expect(await suggestion.text()).toBe(suggested);

    const other = await timed(() => request.get(notKept));
    expect(other.ms).toBeLessThan(10_000);
    expect(other.result.status()).toBe(503);
    expect(other.result.headers()['content-type']).toContain('text/html');
    const html = await other.result.text();
    expect(html).toContain(PAGE_UNAVAILABLE);
    expect(html).not.toMatch(/\n\s+at |Error:/);

    const call = await timed(() => request.post('/api/checkout/product/add_to_cart', { data: { productId: 'fb-1004-nvy-M', quantity: 1 } }));
    expect(call.ms).toBeLessThan(10_000);
    expect(call.result.status()).toBe(503);
    const body = await call.result.json();
    expect(body.status).toBe('error');
    expect(body.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/\n\s+at /);
  };

  // An engine that answers nothing (stopped, its connections left open): the calls time out.
  edge.engine.kill('SIGSTOP');
  await expectAway(NOT_KEPT[0]);
  edge.engine.kill('SIGCONT');
  await expect.poll(async () => (await request.get(NOT_KEPT[0])).status(), { timeout: 10_000 }).toBe(200);

  // An engine that is gone (its connections refused).
  const exited = new Promise((resolve) => edge.engine.once('exit', resolve));
  edge.engine.kill('SIGKILL');
  await exited;
  await expectAway(NOT_KEPT[1]);
  await request.dispose();
});
