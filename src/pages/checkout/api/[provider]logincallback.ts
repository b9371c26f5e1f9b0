import type { APIContext, APIRoute } from 'astro';
import { getDb } from '../../../server/db/database.ts';
import { signInReply } from '../../../server/accounts/http.ts';
import { accountForSocialIdentity, completeSocialSignIn } from '../../../server/social/flow.ts';
import { findProvider } from '../../../server/social/providers.ts';
import { secureCookies } from '../../../server/session/cookies.ts';
import { failedSocialResult, setSocialResult, SOCIAL_STATE_COOKIE } from '../../../server/social/cookies.ts';

export const prerender = false;

function popupPage(title: string, message: string): Response {
  // The opener polls the socialLogin cookie and closes this window; opened without an opener, continue here.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<p role="status">${message}</p><p><a href="/my-account">Continue</a></p>
<script>if (!window.opener) setTimeout(function(){ location.replace('/my-account'); }, 1500);</script></body></html>`;
  return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** The provider sends the popup back here: /checkout/api/{provider}logincallback?code=…&state=… */
export const GET: APIRoute = async (context: APIContext) => {
  const name = context.params.provider ?? '';
  const provider = findProvider(name);
  const secure = secureCookies(context.url);
  const cookieState = context.cookies.get(SOCIAL_STATE_COOKIE)?.value;
  context.cookies.delete(SOCIAL_STATE_COOKIE, { path: '/checkout/api' });
  if (!provider) {
    setSocialResult(context.cookies, failedSocialResult(name), secure);
    return new Response('Unknown sign-in provider.', { status: 404 });
  }
  try {
    const claims = await completeSocialSignIn(provider, context.url.searchParams, cookieState);
    const customer = await accountForSocialIdentity(await getDb(), provider.name, claims);
    const reply = await signInReply(context, customer, false);
    setSocialResult(context.cookies, { loginSuccess: true, provider: provider.name, redirectToCart: reply.mergeBasket.redirectToCart }, secure);
    return popupPage('Signed in', 'Login completed successfully');
  } catch (err) {
    console.warn(`[social] ${provider.name} sign-in failed: ${(err as Error).message}`);
    setSocialResult(context.cookies, { loginSuccess: false, provider: provider.name, redirectToCart: false }, secure);
    return popupPage('Sign-in failed', 'Sign-in did not complete. You can close this window and try again.');
  }
};
