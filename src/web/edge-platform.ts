import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import { pageStamp } from '#src/lib/commerce-api/page-stamp.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { stampReader } from '#src/lib/stamp-reader.ts';
import { config, storeOrigin } from '#src/server/config.ts';
import { discard } from './http/api.ts';
import { chooseEncoding, isCompressible } from './http/encoding.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { SharedPages, WebPlatform } from './platform.ts';

/**
 * The edge worker's platform for the web layer (src/web/platform.ts), in place of the Node server's when
 * STORE_TARGET=edge (astro.config.mjs): the commerce API over HTTP to the engine's server (COMMERCE_API_URL and
 * COMMERCE_API_SECRET from the worker's environment, never from the bundle), and the pages rendered from the catalog
 * kept in the edge's cache (the Cache API) under the engine's stamp. Every reply says what the edge did in
 * `Server-Timing: edge;desc=hit|miss|pass`. Replies are compressed as they go out (`compressed`).
 */
let bound: CommerceApi | undefined;
function commerceApi(): CommerceApi {
  if (!bound) {
    const { COMMERCE_API_URL, COMMERCE_API_SECRET } = config();
    // Without an engine configured every call answers `unavailable`, as an engine out of reach does.
    bound = httpCommerce({ url: COMMERCE_API_URL ?? 'http://127.0.0.1:9', secret: COMMERCE_API_SECRET ?? '' });
  }
  return bound;
}

const caller = { session: null, client: 'edge', requestId: 'edge-cache' };
/**
 * The stamp is read with a short time-out of its own: while the engine's server does not answer, the pages kept are
 * served at once under the last stamp it gave, not after a shopper's whole wait.
 */
const STAMP_TIMEOUT_MS = 2000;
let stamps: CommerceApi | undefined;
/** The last stamp the engine gave: while it is out of reach, the pages kept under it are still served. */
let lastStamp: string | undefined;
const currentStamp = stampReader(async () => {
  const { COMMERCE_API_URL, COMMERCE_API_SECRET } = config();
  stamps ??= httpCommerce({ url: COMMERCE_API_URL ?? 'http://127.0.0.1:9', secret: COMMERCE_API_SECRET ?? '', timeoutMs: STAMP_TIMEOUT_MS });
  lastStamp = (await pageStamp(stamps, caller)) ?? lastStamp;
  return lastStamp ?? UNKNOWN_STAMP;
}, 1000);
/** What the stamp is before the engine has given one: nothing is kept under it, what is kept is served. */
const UNKNOWN_STAMP = 'unavailable';

/**
 * How long the edge keeps a page: one copy per page, the newest rendered, with the stamp it was rendered under; under
 * a newer stamp it is served once more while the page is rendered again behind it.
 */
const KEPT_SECONDS = 7 * 24 * 60 * 60;
/** The header of a kept copy naming its stamp (never sent to a shopper). */
const STAMP_HEADER = 'x-edge-stamp';
/** The header of a kept copy holding the page's own cache rules, which the shopper's copy gets back (never sent). */
const RULES_HEADER = 'x-edge-page-cache-control';
/**
 * A browser's rules for a kept page that names none of its own, as the Node server's page cache gives them: keep it,
 * but ask again each time (its entity tag answers 304). The edge's week is for the edge's copy only.
 */
const REVALIDATE = 'public, max-age=0';
const pageRules = (response: Response) => response.headers.get('cache-control') ?? REVALIDATE;

/** Every reply from the edge: the front door's headers (src/web/http/security-headers.ts), and what the edge did. */
const withTiming = (response: Response, desc: 'hit' | 'miss' | 'pass'): Response => {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(securityHeaders(storeOrigin()))) copy.headers.set(name, value);
  copy.headers.set('server-timing', `edge;desc=${desc}`);
  return copy;
};

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * What the engine's server answers itself, before its store (src/server/main.ts): photographs from its image service,
 * the embedded sandboxes' pages (card tokenization, PayPal's approval) and the local sign-in provider. The edge passes
 * them on as they are, cookies and redirects included.
 */
const ORIGIN_PATHS = ['/img/', '/sandbox-gateway/', '/sandbox-paypal/', '/oidc/', '/oidc'];

async function fromOrigin(request: Request): Promise<Response> {
  const { COMMERCE_API_URL } = config();
  const url = new URL(request.url);
  if (!COMMERCE_API_URL) return withTiming(new Response('Not found.', { status: 404 }), 'pass');
  const headers = new Headers(request.headers);
  headers.delete('host');
  const upstream = await fetch(`${COMMERCE_API_URL}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer(),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!upstream) return withTiming(new Response('The store could not reach its engine. Please try again.', { status: 502 }), 'pass');
  return withTiming(new Response(upstream.body, upstream), 'pass');
}

/**
 * The front door's rules at the edge (src/server/http/front-door.ts at the origin): the store's host and methods
 * only; then the engine's own paths passed on to it.
 */
function admit(request: Request): Response | Promise<Response> | undefined {
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) =>
    withTiming(
      new Response(JSON.stringify({ status: 'error', message }), {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
      }),
      'pass',
    );
  if (!METHODS.has(request.method)) return refuse(405, 'This method is not allowed.', { allow: [...METHODS].join(', ') });
  const own = new URL(storeOrigin()).host;
  const url = new URL(request.url);
  if (url.host !== own) return refuse(421, `This server answers for ${own} only.`);
  if (ORIGIN_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(path))) return fromOrigin(request);
  return undefined;
}

/** A page's entity tag: the SHA-256 of its bytes, the first 32 hex digits. */
async function digest(body: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return [...hash.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The Cache API's key of a page: a URL of its own, so no shopper's request can match it. */
const cacheKey = (key: string) => new Request(`https://edge-cache.invalid/page${key.startsWith('/') ? key : `/${key}`}`);

function edgeCache(): Cache | undefined {
  return (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches?.default;
}

/**
 * The pages being rendered again behind a stale copy, and since when: one rendering per page at a time. One that
 * never finished (its rendering failed) is tried again after RENDER_AGAIN_MS; the map holds at most a few hundred.
 */
const renderingAgain = new Map<string, number>();
const RENDER_AGAIN_MS = 10_000;
function startRenderingAgain(key: string): boolean {
  const now = Date.now();
  const since = renderingAgain.get(key);
  if (since !== undefined && now - since < RENDER_AGAIN_MS) return false;
  if (renderingAgain.size >= 500) for (const [k, at] of renderingAgain) if (now - at >= RENDER_AGAIN_MS) renderingAgain.delete(k);
  renderingAgain.set(key, now);
  return true;
}

/**
 * The copies this isolate served or kept last, in front of the Cache API: a hit under the current stamp is answered
 * from memory without asking the cache (on the provider a round trip within the data centre; locally Miniflare's
 * cache store on disk). Bounded by entries and bytes, the oldest used dropped first; a copy under another stamp is
 * never answered from here.
 */
const NEAR_MAX_ENTRIES = 64;
const NEAR_MAX_BYTES = 8 * 1024 * 1024;
interface NearCopy {
  stamp: string;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}
const near = new Map<string, NearCopy>();
let nearBytes = 0;
function forgetNear(key: string): void {
  const copy = near.get(key);
  if (!copy) return;
  near.delete(key);
  nearBytes -= copy.body.byteLength;
}
function keepNear(key: string, stamp: string, kept: Response, body: ArrayBuffer): void {
  if (body.byteLength > NEAR_MAX_BYTES / 8) return;
  forgetNear(key);
  near.set(key, { stamp, status: kept.status, headers: [...kept.headers], body });
  nearBytes += body.byteLength;
  for (const [oldest] of near) {
    if (near.size <= NEAR_MAX_ENTRIES && nearBytes <= NEAR_MAX_BYTES) break;
    forgetNear(oldest);
  }
}
function nearHit(key: string, stamp: string): Response | undefined {
  const copy = near.get(key);
  if (!copy || copy.stamp !== stamp) return undefined;
  // Used last: to the end of the map's order.
  near.delete(key);
  near.set(key, copy);
  return new Response(copy.body, { status: copy.status, headers: copy.headers });
}

/**
 * A kept copy as a shopper gets it: with the page's own cache rules, not the edge's; its stamp left out; a 304 when
 * the browser holds it already.
 */
function fromKept(request: Request, kept: Response, stale: boolean): Response {
  const etag = kept.headers.get('etag');
  const rules = kept.headers.get(RULES_HEADER) ?? REVALIDATE;
  const reply =
    etag && etag === request.headers.get('if-none-match')
      ? new Response(null, { status: 304, headers: { etag } })
      : new Response(request.method === 'HEAD' ? null : kept.body, kept);
  reply.headers.set('cache-control', rules);
  reply.headers.delete(STAMP_HEADER);
  reply.headers.delete(RULES_HEADER);
  const timed = withTiming(reply, 'hit');
  if (stale) timed.headers.append('server-timing', 'edge-stale');
  return timed;
}

/**
 * Pages (and search suggestions) kept at the edge under the engine's stamp, stale-while-revalidate: a copy under the
 * current stamp is a hit; a copy under an older one is served at once while the page is rendered again behind it
 * (src/middleware.ts, `later`); with none, the page is rendered and kept. A reply that sets a cookie, or is not a 200,
 * is never kept. The edge keeps its copy a week; the shopper's copy keeps the page's own cache rules.
 */
const pages: SharedPages = {
  keepsReplies: true,
  async lookup(request, key) {
    const cache = edgeCache();
    const method = request.method;
    const allowed = key.startsWith('/api/') ? method === 'POST' : method === 'GET' || method === 'HEAD';
    if (!cache || !allowed) return undefined;
    const stamp = await currentStamp();
    const remembered = nearHit(key, stamp);
    if (remembered) return fromKept(request, remembered, false);
    const kept = await cache.match(cacheKey(key));
    const keptStamp = kept?.headers.get(STAMP_HEADER);
    if (kept && keptStamp === stamp) {
      const body = await kept.arrayBuffer();
      keepNear(key, stamp, kept, body);
      return fromKept(request, new Response(body, kept), false);
    }
    if (kept && stamp === UNKNOWN_STAMP) return fromKept(request, kept, false);
    const keep = async (rendered: Response) => {
      try {
        if (rendered.status !== 200 || rendered.headers.has('set-cookie') || stamp === UNKNOWN_STAMP) return withTiming(rendered, 'pass');
        const body = await rendered.arrayBuffer();
        const etag = `"${await digest(body)}"`;
        const rules = pageRules(rendered);
        const copy = new Response(body, rendered);
        copy.headers.set('cache-control', `public, max-age=${KEPT_SECONDS}`);
        copy.headers.set(RULES_HEADER, rules);
        copy.headers.set('etag', etag);
        copy.headers.set(STAMP_HEADER, stamp);
        keepNear(key, stamp, copy, body);
        await cache.put(cacheKey(key), copy);
        // The shopper's copy keeps the page's own cache rules: the edge keeps it, browsers revalidate.
        const reply = new Response(method === 'HEAD' ? null : body, rendered);
        reply.headers.set('etag', etag);
        reply.headers.set('cache-control', rules);
        return withTiming(reply, 'miss');
      } finally {
        renderingAgain.delete(key);
      }
    };
    if (!kept) return { keep };
    if (!startRenderingAgain(key)) return fromKept(request, kept, true);
    return { stale: fromKept(request, kept, true), keep };
  },
};

/** Replies smaller than this go out as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Every compressible reply compressed for the browser, brotli or gzip by its Accept-Encoding, as the Node server's
 * front door does: the reply names its encoding and the runtime encodes the body as it goes out (workerd's automatic
 * body encoding; the provider's CDN does the same in production).
 */
function compressed(request: Request, response: Response): Response {
  if (!response.body || response.headers.has('content-encoding') || !isCompressible(response.headers.get('content-type'))) return response;
  const length = Number(response.headers.get('content-length') ?? Number.POSITIVE_INFINITY);
  if (length < COMPRESS_FROM_BYTES) return response;
  const copy = new Response(response.body, response);
  copy.headers.append('vary', 'Accept-Encoding');
  const encoding = chooseEncoding(request.headers.get('accept-encoding'), ['br', 'gzip']);
  if (encoding === 'identity') return copy;
  copy.headers.set('content-encoding', encoding);
  copy.headers.delete('content-length');
  return copy;
}

export const platform: WebPlatform = {
  admit,
  get commerce() {
    return Promise.resolve(commerceApi());
  },
  async finish(request, response) {
    // workerd drops the connection, and the reply with it, when a reply goes out before the request's body was read
    // (a refusal before reading it: 401, 415, 413): what is left is read first, at most 1 MiB.
    if (request.body && !request.bodyUsed && !request.body.locked) await discard(request.body.getReader());
    return compressed(request, response.headers.has('server-timing') ? response : withTiming(response, 'pass'));
  },
  pages: import.meta.env?.DEV ? undefined : pages,
  later(locals, work) {
    // The Cloudflare adapter puts the request's ExecutionContext on locals.
    (locals as { cfContext?: { waitUntil(work: Promise<unknown>): void } }).cfContext?.waitUntil(work);
  },
};
