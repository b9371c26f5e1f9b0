import { API } from '#src/lib/api/contract.ts';
import { SERVER_COOKIE_MAX_AGE } from '#src/lib/schemas/server-cookies.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { secureCookies } from '#src/web/http/session-cookies.ts';

export const prerender = false;

/**
 * Sets the store's own named analytics cookies (spec §7 setServerCookie; src/lib/schemas/server-cookies.ts): only
 * those names, each value checked by its rule; any other name is refused with 400.
 */
export const POST = apiEndpoint(API.setServerCookie, async ({ cookies, url }, input) => {
  const options = { path: '/', sameSite: 'lax' as const, secure: secureCookies(url), httpOnly: false, maxAge: SERVER_COOKIE_MAX_AGE };
  for (const [name, value] of Object.entries(input.cookies)) {
    if (value !== undefined) cookies.set(name, value, options);
  }
  return success({ success: true as const });
});
