import { httpCommerce } from '#src/lib/commerce-api/http-client.ts';
import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';
import { stampReader } from '#src/lib/stamp-reader.ts';
import { config } from '#src/server/config.ts';
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
  const answer = await commerceApi().catalog.stamp(caller);
  if (answer.ok) lastStamp = answer.value;
  return lastStamp ?? 'unavailable';
}, 1000);

/** How long the edge keeps a page: its key names the stamp, so a change is a new key and the old one ages out. */
const KEPT_SECONDS = 24 * 60 * 60;

const withTiming = (response: Response, desc: 'hit' | 'miss' | 'pass'): Response => {
  const copy = new Response(response.body, response);
  copy.headers.set('server-timing', `edge;desc=${desc}`);
  return copy;
};

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
    if (hit) return withTiming(request.method === 'HEAD' ? new Response(null, hit) : hit, 'hit');
    return {
      async keep(rendered) {
        if (rendered.status !== 200 || rendered.headers.has('set-cookie') || stamp === 'unavailable') return withTiming(rendered, 'pass');
        const kept = new Response(await rendered.arrayBuffer(), rendered);
        kept.headers.set('cache-control', `public, max-age=${KEPT_SECONDS}`);
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
  get commerce() {
    return Promise.resolve(commerceApi());
  },
  finish: (_request, response) => (response.headers.has('server-timing') ? response : withTiming(response, 'pass')),
  pages: import.meta.env?.DEV ? undefined : pages,
};
