import type { APIRoute } from 'astro';
import { findProvider } from '../../../../../server/social/providers.ts';
import { beginSocialSignIn } from '../../../../../server/social/flow.ts';
import { secureCookies } from '../../../../../server/session/cookies.ts';
import { SOCIAL_STATE_COOKIE } from '../../../../../server/social/cookies.ts';

export const prerender = false;

/** Opened in the 400 × 600 popup: sends the browser to the provider's sign-in page. */
export const GET: APIRoute = async (context) => {
  const provider = findProvider(context.params.provider ?? '');
  if (!provider) return new Response('Unknown sign-in provider.', { status: 404 });
  try {
    const { url, state } = await beginSocialSignIn(provider, context.url.origin);
    context.cookies.set(SOCIAL_STATE_COOKIE, state, { httpOnly: true, sameSite: 'lax', secure: secureCookies(context.url), path: '/checkout/api', maxAge: 600 });
    return context.redirect(url.toString(), 302);
  } catch (err) {
    console.error(`[social] ${provider.name} could not start`, err);
    return new Response('Sign-in is not available right now. Please close this window and try again.', { status: 503 });
  }
};
