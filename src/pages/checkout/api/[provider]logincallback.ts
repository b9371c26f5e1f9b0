import type { APIContext, APIRoute } from 'astro';
import { finishSocialSignIn, socialProviderName } from '#src/server/accounts/customer-facade.ts';
import { secureCookies } from '#src/server/http/session-cookies.ts';
import { failedSocialResult, setSocialResult, SOCIAL_STATE_COOKIE } from '#src/server/http/social-cookies.ts';
import { LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';

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
  const provider = socialProviderName(name);
  const secure = secureCookies(context.url);
  const cookieState = context.cookies.get(SOCIAL_STATE_COOKIE)?.value;
  context.cookies.delete(SOCIAL_STATE_COOKIE, { path: '/checkout/api' });
  if (!provider) {
    setSocialResult(context.cookies, failedSocialResult(name), secure);
    return new Response('Unknown sign-in provider.', { status: 404 });
  }
  try {
    const reply = await finishSocialSignIn(context, provider, cookieState);
    setSocialResult(
      context.cookies,
      {
        loginSuccess: true,
        provider,
        redirectToCart: reply.mergeBasket.redirectToCart,
        ...(reply.mergeBasket.notificationMsg ? { notificationMsg: reply.mergeBasket.notificationMsg } : {}),
      },
      secure,
    );
    return popupPage('Signed in', LOGIN_SUCCESS);
  } catch (err) {
    console.warn(`[social] ${provider} sign-in failed: ${(err as Error).message}`);
    setSocialResult(context.cookies, { loginSuccess: false, provider, redirectToCart: false }, secure);
    return popupPage('Sign-in failed', 'Sign-in did not complete. You can close this window and try again.');
  }
};
