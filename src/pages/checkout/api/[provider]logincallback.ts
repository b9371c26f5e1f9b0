import type { APIContext, APIRoute } from 'astro';
import { LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { secureCookies } from '#src/web/http/session-cookies.ts';
import { failedSocialResult, setSocialResult, SOCIAL_STATE_COOKIE } from '#src/web/http/social-cookies.ts';

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
  const { commerce } = context.locals;
  // A name longer than any provider's is not asked about (the commerce API refuses it as input).
  const provider = name.length <= 64 ? await commerce.customer.socialProvider({ name }) : null;
  const secure = secureCookies(context.url);
  const cookieState = context.cookies.get(SOCIAL_STATE_COOKIE)?.value;
  context.cookies.delete(SOCIAL_STATE_COOKIE, { path: '/checkout/api' });
  if (!provider) {
    setSocialResult(context.cookies, failedSocialResult(name), secure);
    return new Response('Unknown sign-in provider.', { status: 404 });
  }
  try {
    const params = Object.fromEntries(context.url.searchParams);
    const reply = await commerce.customer.finishSocialSignIn({ provider, params, state: cookieState });
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
