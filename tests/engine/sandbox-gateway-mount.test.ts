import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxGatewayMount, SANDBOX_TOKENS_PATH } from '#src/server/payments/sandbox/mount.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '#src/server/payments/sandbox/tokens.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/** The sandbox's token endpoint over HTTP: every bad request is a 4xx in Stripe's error shape; nothing echoes the card. */
let testDb: TestDb;
let server: http.Server;
let base: string;
const NUMBER = '4242424242424242';

beforeAll(async () => {
  testDb = await freshDb({ seed: false });
  const mount = sandboxGatewayMount(async () => testDb.db, true);
  server = http.createServer((req, res) => {
    if (!mount(req, res)) res.writeHead(418).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await testDb.cleanup();
});

const good = {
  'card[number]': NUMBER,
  'card[exp_month]': '12',
  'card[exp_year]': String(new Date().getFullYear() + 2),
  'card[cvc]': '123',
  'card[name]': 'Sam Lee',
};
async function post(fields: Record<string, string> | string, init: { key?: string; type?: string; path?: string; method?: string } = {}) {
  const response = await fetch(`${base}${init.path ?? SANDBOX_TOKENS_PATH}`, {
    method: init.method ?? 'POST',
    headers: { authorization: `Bearer ${init.key ?? SANDBOX_PUBLISHABLE_KEY}`, 'content-type': init.type ?? 'application/x-www-form-urlencoded' },
    ...(init.method === 'GET' ? {} : { body: typeof fields === 'string' ? fields : new URLSearchParams(fields).toString() }),
  });
  const text = await response.text();
  return { status: response.status, text, body: JSON.parse(text) as { error?: { type: string; message: string } } };
}

describe('the sandbox token endpoint', () => {
  it('answers a good card with a token and keeps no number or security code', async () => {
    const r = await post(good);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain(NUMBER);
    const rows = await testDb.db.kysely.selectFrom('payment_sandbox_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(NUMBER);
    expect(JSON.stringify(rows)).not.toMatch(/"123"/);
    expect(rows[0]).toMatchObject({ last4: '4242', brand: 'Visa', holder: 'Sam Lee', outcome: 'approve' });
  });

  it.each([
    ['a wrong number', { ...good, 'card[number]': '4242424242424241' }, {}, 402],
    ['letters in the number', { ...good, 'card[number]': '4242abcd42424242' }, {}, 402],
    ['a store card (never tokenized)', { ...good, 'card[number]': '6278001234567890' }, {}, 400],
    ['month 13', { ...good, 'card[exp_month]': '13' }, {}, 402],
    ['an expired card', { ...good, 'card[exp_year]': '2001' }, {}, 402],
    ['a 4-digit code on a Visa', { ...good, 'card[cvc]': '1234' }, {}, 402],
    ['an all-zero code', { ...good, 'card[cvc]': '000' }, {}, 402],
    ['no name', { ...good, 'card[name]': '' }, {}, 400],
    ['a missing field', { 'card[number]': NUMBER }, {}, 400],
    ['an unknown field', { ...good, amount: '1' }, {}, 400],
    ['a wrong key', good, { key: 'pk_test_other' }, 401],
    ['JSON instead of a form', good, { type: 'application/json' }, 415],
    ['GET', good, { method: 'GET' }, 405],
    ['another path under the mount', good, { path: '/sandbox-gateway/v1/charges' }, 404],
  ] as const)('%s gets a 4xx in the provider error shape, without the number', async (_what, fields, init, status) => {
    const r = await post(fields, init);
    expect(r.status).toBe(status);
    expect(r.body.error?.message).toEqual(expect.any(String));
    expect(r.text).not.toContain(NUMBER);
    expect(r.text).not.toContain('4242424242424241');
  });

  it('a body over 4 KB is refused with 413', async () => {
    const r = await post(`${new URLSearchParams(good)}&card[name]=${'a'.repeat(5000)}`);
    expect(r.status).toBe(413);
  });

  it('leaves every other path to the store', async () => {
    const response = await fetch(`${base}/sandbox-gatewayx`);
    expect(response.status).toBe(418);
  });
});
