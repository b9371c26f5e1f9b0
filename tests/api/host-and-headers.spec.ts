import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { e2eDb } from '../helpers/e2e-db.ts';

/**
 * The store's origin comes from configuration, never from a request (docs/decisions.md, "Threat model"). These send
 * what a browser cannot (a forged Host, TRACE) with node:http, to the production server the suite runs: its origin
 * is its loopback address (http://127.0.0.1:E2E_PORT), as `npm start` has it.
 */
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function raw(baseURL: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const base = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: init.method ?? 'GET',
        headers: { ...init.headers, ...(init.body ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}) },
        setHost: !init.headers?.host,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

const FORGED_HOSTS = ['evil.example', '127.0.0.1:1', 'localhost:1', '[::1]:9'];
const PLACES: { path: string; method?: string; body?: string }[] = [
  { path: '/api/global/social/local/start' },
  { path: '/checkout/api/locallogincallback?code=x&state=y' },
  { path: '/oidc/.well-known/openid-configuration' },
  { path: '/oidc/auth?client_id=storefront' },
  { path: '/api/checkout/forgot_password/', method: 'POST', body: JSON.stringify({ email: 'victim@example.com' }) },
  { path: '/cart' },
  { path: '/home' },
];

test('a request for another host is refused at every place a URL or issuer is built, and changes nothing', async ({ baseURL }) => {
  const db = e2eDb();
  const mailBefore = (await db.kysely.selectFrom('outbox').select('id').execute()).length;
  for (const host of FORGED_HOSTS) {
    for (const place of PLACES) {
      const res = await raw(baseURL!, place.path, { method: place.method, headers: { host, 'content-type': 'application/json' }, body: place.body });
      expect(res.status, `${host} ${place.path}`).toBe(421);
      expect(res.headers.location, `${host} ${place.path}`).toBeUndefined();
      expect(JSON.parse(res.body).message).toBe(`This server answers for ${new URL(baseURL!).host} only.`);
    }
  }
  expect((await db.kysely.selectFrom('outbox').select('id').execute()).length).toBe(mailBefore);
  await db.kysely.destroy();
});

test('sign-in starts on the configured issuer with the configured redirect URI, whatever X-Forwarded-Host says', async ({ baseURL }) => {
  const res = await raw(baseURL!, '/api/global/social/local/start', {
    headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
  expect(res.status).toBe(302);
  const location = new URL(String(res.headers.location));
  expect(location.origin + location.pathname).toBe(`${baseURL}/oidc/auth`);
  expect(location.searchParams.get('redirect_uri')).toBe(`${baseURL}/checkout/api/locallogincallback`);

  const discovery = await raw(baseURL!, '/oidc/.well-known/openid-configuration', {
    headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  });
  const doc = JSON.parse(discovery.body);
  expect(doc.issuer).toBe(`${baseURL}/oidc`);
  for (const key of ['authorization_endpoint', 'token_endpoint', 'jwks_uri', 'userinfo_endpoint'])
    expect(doc[key], key).toMatch(new RegExp(`^${baseURL}/oidc/`));
});

test('a reset link uses the configured origin, whatever the request carried', async ({ baseURL, playwright }) => {
  const email = `reset.origin.${Date.now().toString(36)}@example.com`;
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.9.${Date.now() & 255}.7` } });
  const made = await visitor.post('/api/global/register', { data: { firstName: 'Ada', lastName: 'Origin', email, password: 'secret123' } });
  expect(made.status()).toBe(200);
  const asked = await raw(baseURL!, '/api/checkout/forgot_password/', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example',
      'x-forwarded-for': '10.9.9.9',
    },
    body: JSON.stringify({ email }),
  });
  expect(asked.status).toBe(200);
  const db = e2eDb();
  const mail = await db.kysely.selectFrom('outbox').select('text_body').where('to_address', '=', email).executeTakeFirstOrThrow();
  await db.kysely.destroy();
  const links = mail.text_body.match(/https?:\/\/\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin).toBe(baseURL);
});

test('another loopback name for the store is sent to the store origin (reads) or refused (writes)', async ({ baseURL }) => {
  const port = new URL(baseURL!).port;
  const read = await raw(baseURL!, '/home?x=1', { headers: { host: `localhost:${port}` } });
  expect(read.status).toBe(308);
  expect(read.headers.location).toBe(`${baseURL}/home?x=1`);
  // A target that looks like another host still lands on ours.
  for (const path of ['//evil.example/x', '/\\evil.example/x']) {
    const tricky = await raw(baseURL!, path, { headers: { host: `localhost:${port}` } });
    expect(tricky.status, path).toBe(308);
    expect(new URL(String(tricky.headers.location)).origin, path).toBe(baseURL);
  }
  const write = await raw(baseURL!, '/api/global/login', {
    method: 'POST',
    headers: { host: `localhost:${port}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(write.status).toBe(421);
});

test('TRACE and other methods the store does not answer get 405 with Allow, on pages, endpoints and files', async ({ baseURL }) => {
  for (const path of ['/cart', '/api/checkout/basket', '/search?q=dress', '/home', '/oidc/.well-known/openid-configuration', '/favicon.svg']) {
    for (const method of ['TRACE', 'PROPFIND', 'PURGE']) {
      const res = await raw(baseURL!, path, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(String(res.headers.allow)).toContain('GET');
    }
  }
});

test('every answer carries the framing, sniffing and referrer headers', async ({ baseURL }) => {
  const paths = [
    '/home',
    '/brand/fb/',
    '/cart',
    '/my-account',
    '/wishlist',
    '/register',
    '/api/checkout/basket',
    '/api/global/me',
    '/oidc/.well-known/openid-configuration',
    '/favicon.svg',
    '/no-such-page',
  ];
  for (const path of paths) {
    const res = await raw(baseURL!, path);
    expect(res.headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(res.headers['x-frame-options'], path).toBe('DENY');
    expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
});

test('a built script or style carries the headers that act on a file, not a document’s: no sniffing, same origin, no date', async ({ baseURL }) => {
  const page = await raw(baseURL!, '/p/wrap-midi-dress-jl-4001/');
  const files = [...page.body.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  expect(files.some((f) => f.endsWith('.css'))).toBe(true);
  for (const path of files) {
    const res = await raw(baseURL!, path);
    expect(res.status, path).toBe(200);
    expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    expect(res.headers.etag, path).toBeTruthy();
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'last-modified']) {
      expect(res.headers[name], `${path} ${name}`).toBeUndefined();
    }
    // A condition on a date the file does not send is not one it fails.
    const since = await raw(baseURL!, path, { headers: { 'if-unmodified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' } });
    expect(since.status, path).toBe(200);
  }
  // What is not a built file there is answered as a page, with a document's headers.
  const missing = await raw(baseURL!, '/_astro/no-such-file.js');
  expect(missing.status).toBe(404);
  expect(missing.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(missing.headers['x-frame-options']).toBe('DENY');
});
