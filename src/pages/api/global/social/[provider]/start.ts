import type { APIRoute } from 'astro';
import { socialProviderName, startSocialSignIn } from '#src/server/accounts/customer-facade.ts';
import { secureCookies } from '#src/server/http/session-cookies.ts';
import { failedSocialResult, setSocialResult, SOCIAL_STATE_COOKIE } from '#src/server/http/social-cookies.ts';

export const prerender = false;

/** Opened in the 400 × 600 popup: sends the browser to the provider's sign-in page. */
export const GET: APIRoute = async (context) => {
  const provider = socialProviderName(context.params.provider ?? '');
  const secure = secureCookies(context.url);
  // Every way this ends without reaching the provider is a failed sign-in for the polling page, too.
  if (!provider) {
    setSocialResult(context.cookies, failedSocialResult(context.params.provider), secure);
    return new Response('Unknown sign-in provider.', { status: 404 });
  }
  try {
    const { url, state } = await startSocialSignIn(provider);
    context.cookies.set(SOCIAL_STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure, path: '/checkout/api', maxAge: 600 });
    return context.redirect(url.toString(), 302);
  } catch (err) {
    console.error(`[social] ${provider} could not start`, err);
    setSocialResult(context.cookies, failedSocialResult(provider), secure);
    return new Response('Sign-in is not available right now. Please close this window and try again.', { status: 503 });
  }
};
