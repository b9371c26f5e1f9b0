/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The visitor's session, loaded on first call and memoised; a draft (no row, no cookie) when they have none. */
    session: () => Promise<import('./server/session/session.ts').Session>;
    /** Stores the session (row and cookies) when it is a draft, and attaches the bag when one is given. */
    keepSession: (basketId?: string) => Promise<import('./server/session/session.ts').Session>;
    /** For a draft's first add: the holder that stores the session in the add's transaction (then keepSession). */
    firstBagHolder: () => Promise<import('./server/session/session.ts').BagHolder>;
    /**
     * Set by a page rendered from the catalog alone, the same for every visitor (product, category, brand, home):
     * src/middleware.ts keeps its reply in the page cache until the catalog changes.
     */
    sharedPage?: boolean;
  }
}
