/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The visitor's session, loaded (or created) on first call and memoised for the request. */
    session: () => Promise<import('./server/session/session.ts').Session>;
  }
}
