import type { AstroCookies } from 'astro';
import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { createSession, loadSession, SESSION_COOKIE, USID_COOKIE, type Session } from './session.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure cookies on HTTPS and in production; plain HTTP on a loopback host (local runs, tests) cannot set them. */
function secureCookies(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return process.env.NODE_ENV === 'production' && !LOOPBACK.has(url.hostname);
}

/** The visitor's session: the one their cookie names, or a new guest session with fresh cookies. */
export async function resolveSession(context: { cookies: AstroCookies; url: URL }): Promise<Session> {
  const db = await getDb();
  const ttl = config().SESSION_TTL_SECONDS;
  const existing = await loadSession(db, context.cookies.get(SESSION_COOKIE)?.value, ttl);
  if (existing) return existing;
  const { token, session } = await createSession(db, ttl);
  const options = { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(context.url), path: '/', maxAge: ttl };
  context.cookies.set(SESSION_COOKIE, token, options);
  context.cookies.set(USID_COOKIE, session.usid, options);
  return session;
}
