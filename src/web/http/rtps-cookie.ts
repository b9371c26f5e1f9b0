import type { AstroCookies } from 'astro';
import type { GuestPreScreenData } from '#src/lib/store-card-offer/offer-rules.ts';
import { secureCookies } from './session-cookies.ts';

/**
 * A guest's pre-screen data (product spec §7 rtps/details/: "kept in a cookie for guests"), as the engine answered it:
 * the phone's digits only, the postal code cut to 5. Read by nothing on the server (the engine keeps the applicant in
 * the bag); it lives as long as the browser's session, is sent over HTTPS only where the store is, and no script reads it.
 */
export const GUEST_PRESCREEN_COOKIE = 'rtpsGuestPreScreenData';

export function writeGuestPreScreenCookie(context: { cookies: AstroCookies; url: URL }, data: GuestPreScreenData): void {
  context.cookies.set(GUEST_PRESCREEN_COOKIE, JSON.stringify(data), {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(context.url),
    path: '/',
  });
}
