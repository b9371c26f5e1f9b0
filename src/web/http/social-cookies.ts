import type { AstroCookies } from 'astro';

/** HttpOnly cookie binding a sign-in's state to the browser that began it. */
export const SOCIAL_STATE_COOKIE = 'social_state';
/** The spec's `socialLogin` cookie, read by the opener page's polling (so not HttpOnly); it holds no secret. */
export const SOCIAL_RESULT_COOKIE = 'socialLogin';

export interface SocialLoginResult {
  loginSuccess: boolean;
  provider: string;
  redirectToCart: boolean;
  /** The bag merge's notice (shown on the bag the opener goes to), as a password sign-in shows it. */
  notificationMsg?: string | null;
}

export function setSocialResult(cookies: AstroCookies, result: SocialLoginResult, secure: boolean): void {
  cookies.set(SOCIAL_RESULT_COOKIE, JSON.stringify(result), { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: 300 });
}

/** The failure result for a provider name as asked (only a plain name is echoed back). */
export const failedSocialResult = (provider: string | undefined): SocialLoginResult => ({
  loginSuccess: false,
  provider: provider && /^[a-z0-9-]{1,32}$/.test(provider) ? provider : 'unknown',
  redirectToCart: false,
});
