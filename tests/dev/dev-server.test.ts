import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb } from '#src/server/db/database.ts';
import { SANDBOX_PAYPAL_PATH } from '#src/server/payments/paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from '#src/server/payments/paypal-sandbox/sandbox-web-payment.ts';

/**
 * `npm run dev` (astro dev) serves what the production server serves, the embedded OpenID provider under /oidc
 * included (the integration in astro.config.mjs), so a developer can sign in with the local provider. Runs the
 * social sign-in flow against a real dev server on its own port and data folder.
 */
const PORT = Number(process.env.DEV_TEST_PORT ?? 4620);
const origin = `http://127.0.0.1:${PORT}`;
let dev: ChildProcess;
let dataDir: string;
let http: APIRequestContext;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'store-dev-'));
  // The embedded database in a folder of its own; not Vitest's test mode, which Astro would take for its own.
  const { DATABASE_URL: _pg, NODE_ENV: _mode, VITEST: _v, ...env } = process.env;
  // As `npm run dev` does: the catalog is seeded first (opening the database never seeds).
  const seeded = spawnSync(process.execPath, ['scripts/seed.ts'], { env: { ...env, DATA_DIR: dataDir }, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding failed');
  dev = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(PORT), '--host', '127.0.0.1'], {
    env: { ...env, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  dev.stdout!.on('data', (d) => (log += d));
  dev.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`astro dev exited:\n${log}`);
    const up = await fetch(`${origin}/home`, { signal: AbortSignal.timeout(20_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`astro dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  http = await request.newContext({ baseURL: origin });
}, 90_000);

afterAll(async () => {
  await http?.dispose();
  // The data folder is removed once the server has let go of it.
  if (dev && dev.exitCode === null && dev.signalCode === null) {
    const exited = new Promise((r) => dev.once('exit', r));
    dev.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('serves the local provider at /oidc with an issuer on the dev origin', async () => {
  const res = await http.get('/oidc/.well-known/openid-configuration');
  expect(res.status()).toBe(200);
  expect((await res.json()).issuer).toBe(`${origin}/oidc`);
}, 60_000);

it('signs in through the local provider, end to end, as in production', async () => {
  const login = await http.get('/api/global/social/local/start');
  expect(login.status()).toBe(200);
  const action = /action="([^"]+\/login)"/.exec(await login.text())![1]!;
  let res = await http.post(action, { form: { email: 'ada.social@example.com', password: 'ada-social-1' }, maxRedirects: 0 });
  for (let hops = 0; hops < 10 && res.status() >= 300 && res.status() < 400; hops++) {
    res = await http.get(new URL(res.headers()['location']!, res.url()).toString(), { maxRedirects: 0 });
  }
  expect(new URL(res.url()).pathname).toBe('/checkout/api/locallogincallback');
  expect(await res.text()).toContain('Login completed successfully');
  expect((await (await http.get('/api/global/me')).json()).body).toMatchObject({ authenticated: true, email: 'ada.social@example.com' });
}, 60_000);

it('serves resized photographs at /img/ as the production server does (src/integrations/image-service.ts)', async () => {
  const res = await http.get('/img/dress-e8705f-1.jpg?size=tile-md', { headers: { accept: 'image/webp,*/*' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/webp');
  expect(res.headers().vary).toBe('Accept');
  expect((await http.get('/img/dress-e8705f-1.jpg?sw=abc')).status()).toBe(400);
  // The pages' image URLs carry the stamp the dev server computed from public/media.
  const page = await (await http.get('/p/wrap-midi-dress-jl-4001')).text();
  expect(page).toMatch(/\/img\/dress-e8705f-1\.jpg\?sw=400&amp;v=[0-9a-f]{12} 400w/);
}, 60_000);

it('serves the PayPal sandbox approval page at /sandbox-paypal as the production server does', async () => {
  const db = createDb({ sqliteFile: join(dataDir, 'store.db') });
  try {
    const provider = sandboxWebPayment({ database: async () => db, approvalBase: `${origin}${SANDBOX_PAYPAL_PATH}`, timeoutMs: 5_000 });
    const { approvalUrl } = await provider.createOrder({
      breakdown: { itemTotalCents: 4_200, shippingCents: 0, taxCents: 0, handlingCents: 0, discountCents: 0 },
      currency: 'USD',
      reference: 'dev-reference',
      requestId: 'dev-request',
      returnUrl: `${origin}/checkout`,
      cancelUrl: `${origin}/cart`,
    });
    const page = await http.get(approvalUrl);
    expect(page.status()).toBe(200);
    expect(await page.text()).toContain('Pay $42.00 USD with PayPal');
  } finally {
    await db.kysely.destroy();
  }
}, 60_000);
