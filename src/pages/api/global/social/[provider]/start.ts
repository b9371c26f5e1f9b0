import type { APIRoute } from 'astro';
import { secureCookies } from '#src/web/http/session-cookies.ts';
import { failedSocialResult, setSocialResult, SOCIAL_STATE_COOKIE } from '#src/web/http/social-cookies.ts';

export const prerender = false;

/** Opened in the 400 × 600 popup: sends the browser to the provider's sign-in page. */
export const GET: APIRoute = async ({ cookies, locals, params, redirect, url }) => {
  const secure = secureCookies(url);
  // Every way this ends without reaching the provider is a failed sign-in for the polling page, too.
  const fail = (provider: string | undefined, status: number, text: string) => {
    setSocialResult(cookies, failedSocialResult(provider), secure);
    return new Response(text, { status });
  };
  let provider: string | null = null;
  try {
    provider = await locals.commerce.customer.socialProvider({ name: (params.provider ?? '').slice(0, 64) });
    if (!provider) return fail(params.provider, 404, 'Unknown sign-in provider.');
    const start = await locals.commerce.customer.startSocialSignIn({ provider });
    cookies.set(SOCIAL_STATE_COOKIE, start.state, { httpOnly: true, sameSite: 'lax', secure, path: '/checkout/api', maxAge: 600 });
    return redirect(start.url, 302);
  } catch (err) {
    console.error(`[social] ${provider ?? 'a provider'} could not start`, err);
    return fail(provider ?? params.provider, 503, 'Sign-in is not available right now. Please close this window and try again.');
  }
};
