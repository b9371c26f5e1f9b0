import type { APIContext, AstroCookies } from 'astro';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { embeddedCommerce } from '#src/server/commerce-api/embedded.ts';
import { setEditorPassword, upsertEditor } from '#src/server/content/editor-accounts.ts';
import type { Db } from '#src/server/db/database.ts';
import { bindCommerce } from '#src/web/commerce.ts';
import { isCrossOriginWrite } from '#src/web/http/origin.ts';
import * as audit from '#src/pages/api/editor/audit.ts';
import * as doc from '#src/pages/api/editor/documents/[id].ts';
import * as publish from '#src/pages/api/editor/documents/[id]/publish.ts';
import * as rollback from '#src/pages/api/editor/documents/[id]/rollback.ts';
import * as versions from '#src/pages/api/editor/documents/[id]/versions.ts';
import * as list from '#src/pages/api/editor/documents/index.ts';
import * as signIn from '#src/pages/api/editor/sign-in.ts';
import * as signOut from '#src/pages/api/editor/sign-out.ts';
import * as asset from '#src/pages/api/order-confirmation/contentAsset.ts';
import * as slot from '#src/pages/api/global/contentSlot.ts';
import { freshDb, type TestDb } from '../helpers/db.ts';

/**
 * The editors' endpoints through the web layer as a request reaches them (the commerce API bound to the request's
 * cookies, src/web/commerce.ts), on the configured database: the editor's own cookies, role checks, a shopper's
 * cookie reaching nothing, bad input answered 4xx naming the field, and cross-site writes refused.
 */
const current = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock(import('#src/server/db/database.ts'), async (original) => ({
  ...(await original()),
  getDb: async () => {
    if (!current.db) throw new Error('No test database yet.');
    return current.db;
  },
}));

const ORIGIN = 'http://127.0.0.1:4321';
let t: TestDb;
beforeAll(async () => {
  t = await freshDb();
  current.db = t.db;
  for (const [email, role] of [
    ['writer@example.com', 'editor'],
    ['boss@example.com', 'publisher'],
  ] as const) {
    await setEditorPassword(t.db, (await upsertEditor(t.db, email, role)).id, 'abcd1234');
  }
});
afterAll(() => t.cleanup());

/** A browser's cookie jar: what the replies set, sent back on the paths each cookie is scoped to. */
interface Jar {
  cookies: Map<string, { value: string; path: string; sameSite?: string; httpOnly?: boolean }>;
}
const jar = (): Jar => ({ cookies: new Map() });

function cookiesFor(browser: Jar, pathname: string): AstroCookies {
  const sent = new Map([...browser.cookies].filter(([, c]) => pathname === c.path || pathname.startsWith(`${c.path}/`) || c.path === '/'));
  return {
    get: (name: string) => (sent.has(name) ? { value: sent.get(name)!.value } : undefined),
    has: (name: string) => sent.has(name),
    set: (name: string, value: string, options: { path?: string; sameSite?: string; httpOnly?: boolean; maxAge?: number } = {}) => {
      if (options.maxAge === 0) browser.cookies.delete(name);
      else browser.cookies.set(name, { value, path: options.path ?? '/', ...options });
    },
    delete: (name: string) => void browser.cookies.delete(name),
  } as unknown as AstroCookies;
}

let clients = 0;
type Handler = (context: APIContext) => Promise<Response>;
async function request(
  browser: Jar,
  handler: Handler,
  path: string,
  init: { method?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const url = new URL(path, ORIGIN);
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const request = new Request(url, {
    method,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (isCrossOriginWrite(request, ORIGIN)) return { status: 403, body: { message: 'cross-site' } };
  const cookies = cookiesFor(browser, url.pathname);
  const context = { request, url, cookies, params: init.params ?? {}, clientAddress: `10.7.0.${++clients}` } as unknown as APIContext;
  context.locals = { commerce: bindCommerce(embeddedCommerce(), context) } as APIContext['locals'];
  const reply = await handler(context);
  return { status: reply.status, body: (await reply.json()) as { body?: unknown; message?: string } };
}

/** A shopper registers (and is signed in) as the store's register endpoint does, through the bound commerce API. */
async function registerShopper(browser: Jar): Promise<void> {
  const url = new URL('/api/global/register', ORIGIN);
  const context = { request: new Request(url), url, cookies: cookiesFor(browser, url.pathname), clientAddress: `10.7.0.${++clients}` };
  await bindCommerce(embeddedCommerce(), context as unknown as APIContext).customer.register({
    firstName: 'Sho',
    lastName: 'Pper',
    email: `shopper.${clients}@example.com`,
    password: 'abcd1234',
    keepMeSignedIn: false,
  });
}

async function signedIn(email: string): Promise<Jar> {
  const browser = jar();
  const reply = await request(browser, signIn.POST, '/api/editor/sign-in', { body: { email, password: 'abcd1234' } });
  expect(reply.status).toBe(200);
  return browser;
}

describe('the editor’s cookies', () => {
  it('are its own, httpOnly, SameSite=Strict and scoped to the workspace and its API', async () => {
    const browser = await signedIn('writer@example.com');
    expect([...browser.cookies.keys()].sort()).toEqual(['editor', 'editor_api']);
    for (const [, c] of browser.cookies) expect(c).toMatchObject({ httpOnly: true, sameSite: 'strict' });
    expect(browser.cookies.get('editor')?.path).toBe('/editor');
    expect(browser.cookies.get('editor_api')?.path).toBe('/api/editor');
    // The checkout and every shopper's endpoint are outside both paths: the token never reaches them.
    expect(cookiesFor(browser, '/api/checkout/basket').get('editor_api')).toBeUndefined();
    expect((await request(browser, list.GET, '/api/editor/documents')).status).toBe(200);
  });

  it('signing out ends the session on the server: the old cookie reaches nothing', async () => {
    const browser = await signedIn('writer@example.com');
    const kept = new Map(browser.cookies);
    expect((await request(browser, signOut.POST, '/api/editor/sign-out', { body: {} })).status).toBe(200);
    expect(browser.cookies.size).toBe(0);
    browser.cookies = kept;
    expect((await request(browser, list.GET, '/api/editor/documents')).status).toBe(401);
  });
});

describe('every editor route', () => {
  const routes: [string, Handler, string, { body?: unknown; method?: string }][] = [
    ['documents', list.GET, '/api/editor/documents', {}],
    ['a document', doc.GET, '/api/editor/documents/promo-bar', {}],
    ['a save', doc.PUT, '/api/editor/documents/promo-bar', { method: 'PUT', body: { baseVersion: 1, content: {} } }],
    ['a publish', publish.POST, '/api/editor/documents/promo-bar/publish', { body: { version: 1 } }],
    ['a rollback', rollback.POST, '/api/editor/documents/promo-bar/rollback', { body: { toVersion: 1 } }],
    ['versions', versions.GET, '/api/editor/documents/promo-bar/versions', {}],
    ['the audit log', audit.GET, '/api/editor/audit', {}],
  ];

  it.each(routes)('refuses %s to a signed-out visitor and to a signed-in shopper (401)', async (_name, handler, path, init) => {
    expect((await request(jar(), handler, path, { ...init, params: { id: 'promo-bar' } })).status).toBe(401);
    const shopper = jar();
    await registerShopper(shopper);
    expect(shopper.cookies.has('sid')).toBe(true);
    // The shopper's session cookie is sent on every path; the editor's calls do not take it.
    const refused = await request(shopper, handler, path, { ...init, params: { id: 'promo-bar' } });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Sign in to the editors’ workspace first.');
  });

  it.each(routes.filter(([, , , init]) => init.body !== undefined))('refuses %s from another site (403)', async (_name, handler, path, init) => {
    const browser = await signedIn('boss@example.com');
    const reply = await request(browser, handler, path, { ...init, params: { id: 'promo-bar' }, headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(403);
  });

  it('gives an editor drafts but refuses publishing and rolling back (403)', async () => {
    const browser = await signedIn('writer@example.com');
    const read = await request(browser, doc.GET, '/api/editor/documents/account-menu', { params: { id: 'account-menu' } });
    const { version, content } = read.body.body as { version: number; content: unknown };
    const saved = await request(browser, doc.PUT, '/api/editor/documents/account-menu', {
      method: 'PUT',
      params: { id: 'account-menu' },
      body: { baseVersion: version, content },
    });
    expect(saved.status).toBe(200);
    const next = (saved.body.body as { version: number }).version;
    const init = { params: { id: 'account-menu' } };
    expect((await request(browser, publish.POST, '/api/editor/documents/account-menu/publish', { ...init, body: { version: next } })).status).toBe(
      403,
    );
    expect((await request(browser, rollback.POST, '/api/editor/documents/account-menu/rollback', { ...init, body: { toVersion: 1 } })).status).toBe(
      403,
    );
    const boss = await signedIn('boss@example.com');
    expect((await request(boss, publish.POST, '/api/editor/documents/account-menu/publish', { ...init, body: { version: next } })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is a 4xx naming the field, never a 5xx', async () => {
    const browser = await signedIn('boss@example.com');
    const cases: [Handler, string, { method?: string; body?: unknown; params: Record<string, string> }, number, RegExp][] = [
      [
        doc.PUT,
        '/api/editor/documents/promo-bar',
        { method: 'PUT', body: { baseVersion: 'one', content: {} }, params: { id: 'promo-bar' } },
        400,
        /^baseVersion/,
      ],
      [
        doc.PUT,
        '/api/editor/documents/promo-bar',
        { method: 'PUT', body: { baseVersion: 1, content: { slides: [] } }, params: { id: 'promo-bar' } },
        400,
        /^Promo bar: /,
      ],
      [doc.PUT, '/api/editor/documents/nothing', { method: 'PUT', body: { baseVersion: 1, content: {} }, params: { id: 'nothing' } }, 404, /nothing/],
      [doc.GET, '/api/editor/documents/promo-bar?version=0', { params: { id: 'promo-bar' } }, 400, /^version/],
      [publish.POST, '/api/editor/documents/promo-bar/publish', { body: { version: 1, at: '9am' }, params: { id: 'promo-bar' } }, 400, /^at: /],
      [publish.POST, '/api/editor/documents/promo-bar/publish', { body: { version: 99 }, params: { id: 'promo-bar' } }, 404, /no version 99/],
      [rollback.POST, '/api/editor/documents/promo-bar/rollback', { body: {}, params: { id: 'promo-bar' } }, 400, /toVersion/],
      [signIn.POST, '/api/editor/sign-in', { body: { email: 'boss@example.com' }, params: {} }, 400, /^password/i],
      [slot.POST, '/api/global/contentSlot', { body: {}, params: {} }, 400, /id/],
      [asset.POST, '/api/order-confirmation/contentAsset', { body: { assetIds: 'a' }, params: {} }, 400, /assetIds/],
    ];
    for (const [handler, path, init, status, message] of cases) {
      const reply = await request(browser, handler, path, init);
      expect(reply.status, path).toBe(status);
      expect(reply.body.message, path).toMatch(message);
    }
  });
});

describe('the spec’s content calls', () => {
  it('contentSlot and contentAsset answer from the published documents', async () => {
    const shopper = jar();
    expect(
      (await request(shopper, slot.POST, '/api/global/contentSlot', { body: { controller: 'orderConfirmation', id: 'thanks' } })).body.body,
    ).toBeNull();
    expect(
      (await request(shopper, asset.POST, '/api/order-confirmation/contentAsset', { body: { assetIds: ['x'], siteId: 'sb' } })).body.body,
    ).toEqual({
      assets: [],
    });
  });
});
