import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import { pageStamp } from '#src/lib/commerce-api/page-stamp.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { stampReader } from '#src/lib/stamp-reader.ts';
import { config, storeOrigin } from '#src/server/config.ts';
import { discard } from './http/api.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { SharedPages, WebPlatform } from './platform.ts';

/**
 * The edge worker's platform for the web layer (src/web/platform.ts), in place of the Node server's when
 * STORE_TARGET=edge (astro.config.mjs): the commerce API over HTTP to the engine's server (COMMERCE_API_URL and
 * COMMERCE_API_SECRET from the worker's environment, never from the bundle), and the pages rendered from the catalog
 * kept in the edge's cache (the Cache API) under the engine's stamp. Every reply says what the edge did in
 * `Server-Timing: edge;desc=hit|miss|pass`. Compression is the provider's.
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
/** The last stamp the engine gave: while it is out of reach, the pages kept under it are still served. */
let lastStamp: string | undefined;
const currentStamp = stampReader(async () => {
  lastStamp = (await pageStamp(commerceApi(), caller)) ?? lastStamp;
  return lastStamp ?? 'unavailable';
}, 1000);

/** How long the edge keeps a page: its key names the stamp, so a change is a new key and the old one ages out. */
const KEPT_SECONDS = 24 * 60 * 60;

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

/** The Cache API's key of a page under a stamp: a URL of its own, so no shopper's request can match it. */
const cacheKey = (stamp: string, key: string) =>
  new Request(`https://edge-cache.invalid/${encodeURIComponent(stamp)}${key.startsWith('/') ? key : `/${key}`}`);

function edgeCache(): Cache | undefined {
  return (globalThis as { caches?: CacheStorage & { default?: Cache } }).caches?.default;
}

const pages: SharedPages = {
  async lookup(request, key) {
    const cache = edgeCache();
    if (!cache || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
    const stamp = await currentStamp();
    const hit = await cache.match(cacheKey(stamp, key));
    if (hit) {
      // A browser that holds this page already is told so, as the Node server's page cache tells it.
      if (hit.headers.get('etag') === request.headers.get('if-none-match'))
        return withTiming(new Response(null, { status: 304, headers: { etag: hit.headers.get('etag')! } }), 'hit');
      return withTiming(request.method === 'HEAD' ? new Response(null, hit) : hit, 'hit');
    }
    return {
      async keep(rendered) {
        if (rendered.status !== 200 || rendered.headers.has('set-cookie') || stamp === 'unavailable') return withTiming(rendered, 'pass');
        const body = await rendered.arrayBuffer();
        const kept = new Response(body, rendered);
        kept.headers.set('cache-control', `public, max-age=${KEPT_SECONDS}`);
        kept.headers.set('etag', `"${await digest(body)}"`);
        await cache.put(cacheKey(stamp, key), kept.clone());
        // The shopper's copy keeps the page's own cache rules: the edge keeps it, browsers revalidate.
        if (rendered.headers.has('cache-control')) kept.headers.set('cache-control', rendered.headers.get('cache-control')!);
        else kept.headers.delete('cache-control');
        return withTiming(request.method === 'HEAD' ? new Response(null, kept) : kept, 'miss');
      },
    };
  },
};

export const platform: WebPlatform = {
  admit,
  get commerce() {
    return Promise.resolve(commerceApi());
  },
  async finish(request, response) {
    // workerd drops the connection, and the reply with it, when a reply goes out before the request's body was read
    // (a refusal before reading it: 401, 415, 413): what is left is read first, at most 1 MiB.
    if (request.body && !request.bodyUsed && !request.body.locked) await discard(request.body.getReader());
    return response.headers.has('server-timing') ? response : withTiming(response, 'pass');
  },
  pages: import.meta.env?.DEV ? undefined : pages,
};
