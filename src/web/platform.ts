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
  /**
   * A reply before anything else runs, where no front door stands before the web layer (the edge: another host than
   * the store's is refused, the engine's own paths are passed on to it); undefined to go on. The Node server's front
   * door and mounts do this before Astro.
   */
  admit?(request: Request): Response | Promise<Response> | undefined;
  /** Pages kept until the catalog or content changes; none under `astro dev`, where a page changes with its source. */
  pages: SharedPages | undefined;
  /**
   * Work that goes on after the reply has gone (the edge renders a page again behind the stale copy it served: the
   * runtime's waitUntil, which `locals` carries). Without it a platform never answers from a stale copy.
   */
  later?(locals: object, work: Promise<unknown>): void;
}

/** What `keep` needs after rendering a page the cache does not hold under the current stamp. */
export interface PageToKeep {
  keep(rendered: Response): Promise<Response>;
  /**
   * The page will not be kept (its render failed, or it turned out not to be shared): requests waiting for this
   * render of it render it themselves. Called instead of `keep`, never after it.
   */
  abandon?(): void;
  /**
   * The copy kept under an earlier stamp, served at once while the page is rendered again behind it
   * (stale-while-revalidate): only where the platform can work after replying (`later`).
   */
  stale?: Response;
}

/** The page cache as src/middleware.ts uses it, keyed by sharedPageKey (src/web/http/shared-page-key.ts). */
export interface SharedPages {
  /**
   * A GET or HEAD of a page (or a shared API reply: sharedReplyKey) kept under the current stamp: its reply.
   * Otherwise what `keep` needs after rendering.
   */
  lookup(request: Request, key: string): Promise<Response | PageToKeep | undefined>;
  /** Whether the shared API replies (search suggestions: sharedReplyKey) are kept too, not only pages. */
  keepsReplies?: boolean;
  /** The page kept for a key under the current stamp, if any (the Node server's front answers from it). */
  find?(key: string): Promise<unknown>;
}
