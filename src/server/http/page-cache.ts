// Pages rendered from the catalog on demand and shared by every visitor (product, category, brand and home pages),
// kept per instance until the catalog changes (docs/decisions.md, "Pages at catalog scale"). What is kept is the
// brotli and gzip copies, made once per page and catalog stamp, so a cached page costs no rendering and no
import { sharedPageKey } from '#src/web/http/shared-page-key.ts';
import { STAMP_MAX_AGE_MS, stampReader } from '#src/lib/stamp-reader.ts';
// compression; each copy has its own ETag, and a request whose If-None-Match names it gets a 304. The stamp
// (src/server/commerce/catalog-version.ts) is read at most once per STAMP_MAX_AGE_MS, never per request, and a page
// kept under an older stamp is rendered again at its next request; so a change reaches every instance's pages within
// seconds, with no rebuild. The cache is bounded in entries and bytes (least recently used out first); only 200s are
// kept, so requests for unknown slugs grow nothing.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { REVALIDATE, chooseEncoding, type Middleware } from './static-files.ts';

/** How old the catalog stamp may be when a request uses it (a change may take up to a minute to show). */
/** About 3,500 product pages (brotli and gzip together about 19 KB each), whichever bound is reached first. */
export const PAGE_CACHE_LIMITS = { maxEntries: 10_000, maxBytes: 64 * 1024 * 1024 };
/** Per-entry bookkeeping counted against maxBytes besides the two copies (the key, the tags, the map's nodes). */
const ENTRY_OVERHEAD_BYTES = 256;
/** Made once per page and stamp, so a better level than the per-reply stream's 4 pays for itself. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 };

export interface CachedPage {
  stamp: string;
  /** Hash of the HTML: the same page under a new stamp keeps its tags, so browsers' copies still revalidate. */
  hash: string;
  contentType: string;
  br: Buffer;
  gzip: Buffer;
}

export const pageBytes = (key: string, page: CachedPage) => page.br.length + page.gzip.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;

/** A least-recently-used map of rendered pages, bounded in entries and bytes. */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  #bytes = 0;
  readonly limits: { maxEntries: number; maxBytes: number };
  constructor(limits: { maxEntries: number; maxBytes: number }) {
    this.limits = limits;
  }

  get size(): number {
    return this.#entries.size;
  }
  get bytes(): number {
    return this.#bytes;
  }

  /** The page kept for `key` under `stamp`; a page of another stamp is dropped (it is rendered again). */
  get(key: string, stamp: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    this.#delete(key, page);
    if (page.stamp !== stamp) return undefined;
    this.#entries.set(key, page); // most recently used last
    this.#bytes += pageBytes(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    const size = pageBytes(key, page);
    if (size > this.limits.maxBytes) return;
    this.#entries.set(key, page);
    this.#bytes += size;
    for (const [k, p] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#bytes <= this.limits.maxBytes) break;
      this.#delete(k, p);
    }
  }

  #delete(key: string, page: CachedPage): void {
    this.#entries.delete(key);
    this.#bytes -= pageBytes(key, page);
  }
}

/** Brotli and gzip copies of a rendered page, and their hash. */
export function compressPage(html: string, contentType: string, stamp: string): CachedPage {
  const body = Buffer.from(html);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return { stamp, hash, contentType, br: brotliCompressSync(body, { params: BROTLI_PARAMS }), gzip: gzipSync(body) };
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

interface Reply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** The reply for one request: the copy its Accept-Encoding asks for, or 304 when its If-None-Match names that copy. */
export function replyFor(request: { method: string; acceptEncoding: string | null; ifNoneMatch: string | null }, page: CachedPage): Reply {
  const encoding = chooseEncoding({ headers: { 'accept-encoding': request.acceptEncoding ?? '' } }, ['br', 'gzip']);
  const etag = encoding === 'identity' ? `"${page.hash}"` : `"${page.hash}-${encoding}"`;
  const headers: Record<string, string> = { etag, 'cache-control': REVALIDATE, vary: 'Accept-Encoding' };
  if (matches(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };
  headers['content-type'] = page.contentType;
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : gunzipSync(page.gzip);
  headers['content-length'] = String(body.length);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}

export function pageReply(request: Request, page: CachedPage): Response {
  const h = request.headers;
  const reply = replyFor({ method: request.method, acceptEncoding: h.get('accept-encoding'), ifNoneMatch: h.get('if-none-match') }, page);
  return new Response(reply.body && new Uint8Array(reply.body), { status: reply.status, headers: reply.headers });
}

export interface SharedPages {
  /**
   * A GET or HEAD of a page kept under the current stamp: its reply. Otherwise what `keep` needs after rendering, or
   * `abandon` when the page will not be kept.
   */
  lookup(request: Request, key: string): Promise<Response | { keep(rendered: Response): Promise<Response>; abandon(): void } | undefined>;
  /** The page kept for a key (sharedPageKey) under the current stamp, if any. */
  find(key: string): Promise<CachedPage | undefined>;
}

/**
 * The server's front (src/server/front.ts) runs outside Astro's bundle, which has its own copy of this module:
 * it finds the cache src/middleware.ts made here, and answers a kept page before Astro parses the request.
 */
const REGISTRY = Symbol.for('storefront.sharedPages');
type Registry = { [REGISTRY]?: SharedPages };

/**
 * The cache as src/middleware.ts uses it, keyed by sharedPageKey (the path; the canonical query too for the pages
 * that read it). `keep` stores a 200 without cookies and replies from it.
 *
 * One render per page and stamp: requests for a page that is being rendered under the current stamp wait for that
 * render and answer from what it kept, instead of each rendering and compressing it again (after a publish, every
 * request for a popular page arrives at a page the cache no longer holds). A render that keeps nothing (not a 200,
 * a cookie, a failure) lets them go on to render it themselves. Only renders in progress are remembered.
 */
export function sharedPages(readStamp: () => Promise<string>, cache = new PageCache(PAGE_CACHE_LIMITS), clock = Date.now): SharedPages {
  const currentStamp = stampReader(readStamp, STAMP_MAX_AGE_MS, clock);
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const pages: SharedPages = {
    async find(key) {
      return cache.get(key, await currentStamp());
    },
    async lookup(request, key) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
      const stamp = await currentStamp();
      const page = cache.get(key, stamp);
      if (page) return pageReply(request, page);
      const flight = `${stamp}\n${key}`;
      const running = rendering.get(flight);
      if (running) {
        const rendered = await running;
        if (rendered) return pageReply(request, rendered);
      }
      const { promise: done, resolve: settle } = Promise.withResolvers<CachedPage | undefined>();
      // A request that found no render in progress renders it; one that waited for a render that kept nothing renders
      // it too, without making others wait for it.
      if (!running) rendering.set(flight, done);
      const finish = (kept: CachedPage | undefined) => {
        if (rendering.get(flight) === done) rendering.delete(flight);
        settle(kept);
      };
      return {
        async keep(rendered) {
          if (rendered.status !== 200 || rendered.headers.has('set-cookie') || rendered.headers.has('content-encoding')) {
            finish(undefined);
            return rendered;
          }
          try {
            const page = compressPage(await rendered.text(), rendered.headers.get('content-type') ?? 'text/html', stamp);
            cache.set(key, page);
            finish(page);
            return pageReply(request, page);
          } catch (err) {
            finish(undefined);
            throw err;
          }
        },
        abandon: () => finish(undefined),
      };
    },
  };
  (globalThis as Registry)[REGISTRY] = pages;
  return pages;
}

/** Node middleware for the production server: a kept page goes out from the cache; anything else on to `next`. */
export function sharedPageHits(): Middleware {
  return (req, res, next) => {
    const pages = (globalThis as Registry)[REGISTRY];
    if (!pages || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    let key: string | undefined;
    try {
      key = sharedPageKey(new URL(req.url ?? '/', 'http://store'));
    } catch {
      return next();
    }
    if (!key) return next();
    pages.find(key).then((page) => {
      if (!page) return next();
      const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : null);
      const reply = replyFor({ method: req.method ?? 'GET', acceptEncoding: header('accept-encoding'), ifNoneMatch: header('if-none-match') }, page);
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body ?? undefined);
    }, next);
  };
}
