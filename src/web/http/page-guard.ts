import type { AstroGlobal } from 'astro';

export const signInUrl = (returnTo: string) => `/register?isopen=true&original=${encodeURIComponent(returnTo)}`;

/**
 * Personal pages (the account, wishlist, orders, rewards, bag, sign-in and reset pages) differ per visitor,
 * so neither a shared cache nor the browser's history may keep them: a customer's page must never be served to the
 * next person at a shared computer or behind a proxy. Each such page calls `keepPrivate` first, and leaves with
 * `privateRedirect`, because a Response a page returns does not carry the headers set on Astro.response.
 * (Who the signed-in customer is comes from the commerce API: `Astro.locals.commerce.customer.current()`.)
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function keepPrivate(Astro: AstroGlobal): void {
  Astro.response.headers.set('cache-control', PRIVATE_CACHE_CONTROL);
}

export function privateRedirect(Astro: AstroGlobal, path: string, status?: Parameters<AstroGlobal['redirect']>[1]): Response {
  const response = Astro.redirect(path, status);
  response.headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  return response;
}
