/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The commerce API bound to this request (src/web/commerce.ts): the one way to the engine. */
    commerce: import('./web/commerce.ts').RequestCommerce;
    /**
     * Set by a page rendered from the catalog alone, the same for every visitor (product, category, brand, home), and
     * by the search suggestions: src/middleware.ts keeps its reply in the page cache until the catalog changes.
     */
    sharedPage?: boolean;
  }
}
