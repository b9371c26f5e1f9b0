import type { CommerceApi } from '#src/lib/commerce-api/commerce-api.ts';

/**
 * What the web layer (src/middleware.ts) takes from the runtime it is built for: the commerce API's binding, what a
 * reply goes through on its way out, and the cache of pages rendered from the catalog. The Node server's is
 * src/server/node-platform.ts; the edge worker's is src/web/edge-platform.ts (astro.config.mjs swaps one for the
 * other when STORE_TARGET=edge).
 */
export interface WebPlatform {
  commerce: Promise<CommerceApi>;
  /** A reply on its way out (the Node server compresses JSON in one call; the edge leaves it to the provider). */
  finish(request: Request, response: Response): Response | Promise<Response>;
  /** Pages kept until the catalog or content changes; none under `astro dev`, where a page changes with its source. */
  pages: SharedPages | undefined;
}

/** The page cache as src/middleware.ts uses it, keyed by sharedPageKey (src/web/http/shared-page-key.ts). */
export interface SharedPages {
  /** A GET or HEAD of a page kept under the current stamp: its reply. Otherwise what `keep` needs after rendering. */
  lookup(request: Request, key: string): Promise<Response | { keep(rendered: Response): Promise<Response> } | undefined>;
  /** The page kept for a key under the current stamp, if any (the Node server's front answers from it). */
  find?(key: string): Promise<unknown>;
}
