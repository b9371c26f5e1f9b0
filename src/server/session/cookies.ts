import type { AstroCookies } from 'astro';
import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { createSession, loadSession, SESSION_COOKIE, USID_COOKIE, type Session } from './session.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure cookies on HTTPS and in production; plain HTTP on a loopback host (local runs, tests) cannot set them. */
export function secureCookies(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return process.env.NODE_ENV === 'production' && !LOOPBACK.has(url.hostname);
}

interface CookieContext {
  cookies: AstroCookies;
  url: URL;
}

/**
 * Writes the session cookies. A signed-in session without keep-me-signed-in gets browser-session cookies (no
 * Max-Age), so it ends when the browser closes; guests and remembered sessions last their server lifetime.
 */
export function writeSessionCookies(context: CookieContext, token: string, session: Session, ttl: number): void {
  const browserSession = !!session.customerId && !session.remember;
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(context.url),
    path: '/',
    ...(browserSession ? {} : { maxAge: ttl }),
  };
  context.cookies.set(SESSION_COOKIE, token, options);
  context.cookies.set(USID_COOKIE, session.usid, options);
}

/** The visitor's session: the one their cookie names, or a new guest session with fresh cookies. */
export async function resolveSession(context: CookieContext): Promise<Session> {
  const db = await getDb();
  const guestTtl = config().SESSION_TTL_SECONDS;
  const existing = await loadSession(db, context.cookies.get(SESSION_COOKIE)?.value, guestTtl);
  if (existing) return existing;
  const { token, session, ttl } = await createSession(db, guestTtl);
  writeSessionCookies(context, token, session, ttl);
  return session;
}
