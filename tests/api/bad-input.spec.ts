import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, type PlaywrightWorkerArgs, test } from '@playwright/test';
import ts from 'typescript';

/**
 * Bad input gets a clear 4xx with a JSON message, never a 500: every endpoint that takes a body is sent broken
 * JSON, JSON of the wrong shape, wrong types and oversized values. The endpoints are the route modules under
 * src/pages/api and the methods each exports (what Astro serves them by), so a new endpoint is fuzzed without anyone
 * adding it here; GET endpoints read no body.
 */
const API_ROOT = 'src/pages/api';
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type BodyMethod = (typeof BODY_METHODS)[number];

/** Routes that take no payload at all (nothing to fuzz), each with the reason. */
const NO_PAYLOAD: Record<string, string> = {
  'POST /api/global/logout': 'signs out whoever asks',
  'POST /api/agent/logout': 'signs out the support agent in context, if any',
  'POST /api/editor/sign-out': 'signs out the content editor in context, if any',
  'POST /api/checkout/basket/id': 'answers the bag id of the session',
  'POST /api/checkout/payment_method/read': "lists the session's saved cards (the spec's customerId and basketId are the session's)",
  'POST /api/global/wishlist/getWishlist': "answers the signed-in customer's wishlist",
  'POST /api/order-confirmation/order': "answers the order named by this browser's order cookie",
  'POST /api/checkout/subscriptionStatus': "answers the session's perks membership",
  'POST /api/checkout/applepay/requestapi': "answers the payment request for the session's bag",
};

/** The URL path Astro serves a route file at: index files answer for their folder; a [parameter] gets a sample value. */
const routePath = (file: string) =>
  `/${relative('src/pages', file)
    .replace(/\.ts$/, '')
    .replace(/(^|\/)index$/, '')
    .replace(/\[(\.\.\.)?\w+\]/g, 'sample')}`;

/** The names a module exports, as the TypeScript parser reads its export declarations. */
function exportedNames(file: string): string[] {
  const module = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  return module.statements.flatMap((statement) => {
    if (ts.isVariableStatement(statement) && exported(statement))
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    if (ts.isFunctionDeclaration(statement) && exported(statement) && statement.name) return [statement.name.text];
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      return statement.exportClause.elements.map((e) => e.name.text);
    return [];
  });
}

const routes = readdirSync(API_ROOT, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => join(e.parentPath, e.name))
  .sort()
  .flatMap((file) => {
    const names = exportedNames(file);
    return BODY_METHODS.filter((m) => names.includes(m)).map((method) => ({ method, path: routePath(file) }));
  });
const ENDPOINTS: [method: BodyMethod, path: string][] = routes.filter((r) => !NO_PAYLOAD[`${r.method} ${r.path}`]).map((r) => [r.method, r.path]);

/** A client of its own address, so the server's per-client limits of one test do not reach another. */
const client = (playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined) =>
  playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });

test('the endpoints are the route modules and the methods they export; only routes that take no payload are left out', () => {
  expect(ENDPOINTS.length).toBeGreaterThanOrEqual(20);
  expect(ENDPOINTS).toContainEqual(['POST', '/api/checkout/product/add_to_cart']);
  expect(ENDPOINTS).toContainEqual(['DELETE', '/api/checkout/basket/delete']);
  expect(ENDPOINTS).toContainEqual(['POST', '/api/checkout/place_order']);
  // Every exception still names a method a route exports.
  for (const key of Object.keys(NO_PAYLOAD)) expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(key);
});

// What the exceptions answer does not depend on what was sent: broken JSON, or a body that is not JSON at all, gets
// the reply an empty JSON object gets.
for (const key of Object.keys(NO_PAYLOAD)) {
  const [method, path] = key.split(' ') as [BodyMethod, string];
  test(`${key}: reads no body, so broken JSON or a body that is not JSON changes nothing`, async ({ playwright, baseURL }) => {
    const r = await client(playwright, baseURL);
    const asked = await r.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: '{}' });
    expect(asked.status()).toBeLessThan(500);
    for (const [label, type, data] of [
      ['broken JSON', 'application/json', '{"productId": "fb-1001-blk-M",'],
      ['a body that is not JSON', 'text/plain', 'hello'],
    ] as const) {
      const res = await r.fetch(path, { method, headers: { 'content-type': type }, data });
      expect(res.status(), label).toBe(asked.status());
    }
    await r.dispose();
  });
}

const long = 'x'.repeat(100_000);
const BODIES: [label: string, body: string][] = [
  ['broken JSON', '{"productId": "fb-1001-blk-M",'],
  ['an array', '[1, 2, 3]'],
  ['null', 'null'],
  ['a string', '"hello"'],
  [
    'wrong types',
    JSON.stringify({
      productId: 7,
      quantity: 'ten',
      email: 5,
      password: [],
      itemId: {},
      code: false,
      query: 1,
      criteria: null,
      controller: 3,
      skuId: 1,
      emailId: true,
      token: 9,
      couponItemId: 2,
      shippingMethodId: 1,
      orderId: {},
    }),
  ],
  [
    'a NUL character',
    JSON.stringify({
      productId: 'fb-1001-blk-M\u0000',
      quantity: 1,
      email: 'a\u0000@example.com',
      password: 'abc\u0000123',
      itemId: 'i\u0000',
      code: 'SAVE\u000015',
      query: 'dre\u0000',
      criteria: 'similaritems',
      productId2: 'x',
      controller: 'Size\u0000Guide',
      skuId: 's\u0000',
      emailId: 'a\u0000@example.com',
      token: 't\u0000',
      couponItemId: 'c\u0000',
      shippingMethodId: 'Regular\u0000',
      orderId: '1\u0000',
    }),
  ],
  [
    'oversized values',
    JSON.stringify({
      productId: long,
      quantity: 1e308,
      email: `${long}@example.com`,
      password: long,
      itemId: long,
      code: long,
      query: long,
      controller: long,
      skuId: long,
      emailId: long,
      token: long,
    }),
  ],
];

for (const [method, path] of ENDPOINTS) {
  test(`${method} ${path}: bad input is a 4xx with a message`, async ({ playwright, baseURL }) => {
    const r = await client(playwright, baseURL);
    for (const [label, body] of BODIES) {
      const res = await r.fetch(path, { method, headers: { 'content-type': 'application/json' }, data: body });
      expect(res.status(), `${label}: ${res.status()}`).toBeGreaterThanOrEqual(400);
      expect(res.status(), `${label}: ${res.status()}`).toBeLessThan(500);
      const json = await res.json().catch(() => null);
      expect(typeof json?.message, `${label}: ${JSON.stringify(json)?.slice(0, 200)}`).toBe('string');
      expect(json.message.length, label).toBeGreaterThan(0);
    }
    await r.dispose();
  });
}

// A body is JSON only when its media type is: one that merely mentions JSON in a parameter, or JSON in another
// charset, is refused before it is read (415), at every endpoint that takes one. The order placements ask for their
// Idempotency-Key first: each request carries one, so the body is what is judged.
for (const [method, path] of ENDPOINTS) {
  test(`${method} ${path}: a body that is not sent as application/json in UTF-8 is 415`, async ({ playwright, baseURL }) => {
    const r = await client(playwright, baseURL);
    for (const type of ['text/plain; x=application/json', 'application/json; charset=latin1', 'application/jsonx']) {
      const res = await r.fetch(path, {
        method,
        headers: { 'content-type': type, 'idempotency-key': `media-type-${crypto.randomUUID()}` },
        data: '{}',
      });
      expect(res.status(), type).toBe(415);
      expect(await res.json(), type).toEqual({ status: 'error', message: 'Send the request as application/json in UTF-8.' });
    }
    await r.dispose();
  });
}
