import type { AstroCookies } from 'astro';
import { secureCookies } from './session-cookies.ts';

/** The order cookie (checkout spec §9: 1 day): which order /order-confirmation shows to this browser. */
export const ORDER_COOKIE = 'order_id';
const ORDER_COOKIE_SECONDS = 24 * 60 * 60;

export function writeOrderCookie(context: { cookies: AstroCookies; url: URL }, orderId: string): void {
  context.cookies.set(ORDER_COOKIE, orderId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(context.url),
    path: '/',
    maxAge: ORDER_COOKIE_SECONDS,
  });
}

export const readOrderCookie = (cookies: AstroCookies): string | undefined => cookies.get(ORDER_COOKIE)?.value;
