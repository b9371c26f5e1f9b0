import type { AstroCookies } from 'astro';
import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import {
  attachBasket,
  type BagHolder,
  createSession,
  draftSession,
  loadSession,
  newSessionHolder,
  SESSION_COOKIE,
  USID_COOKIE,
  type Session,
} from '../session/session.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure cookies on HTTPS and in production; plain HTTP on a loopback host (local runs, tests) cannot set them. */
export function secureCookies(url: URL, production = config().NODE_ENV === 'production'): boolean {
  if (url.protocol === 'https:') return true;
  return production && !LOOPBACK.has(url.hostname);
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

/** Removes the session cookies (sign-out): the browser is a cookieless visitor again. */
export function clearSessionCookies(context: CookieContext): void {
  for (const name of [SESSION_COOKIE, USID_COOKIE]) context.cookies.delete(name, { path: '/' });
}

export interface RequestSessions {
  /** The visitor's session: the one their cookie names, or an unsaved draft (no row, no cookie). */
  session(): Promise<Session>;
  /** The same session, stored and given its cookies if it was a draft; with a bag, the bag is attached to it. */
  keepSession(basketId?: string): Promise<Session>;
  /**
   * For a draft's first add: the holder that stores the session in the add's own transaction (newSessionHolder).
   * keepSession after the add then writes only its cookies.
   */
  firstBagHolder(): Promise<BagHolder>;
}

/**
 * One request's session, loaded on first use and memoised. Reading never writes: a visitor without a live cookie
 * reads the store as a draft guest, and a row and cookie are made only when keepSession is called (a first add to
 * the bag), so cookieless traffic costs the database nothing.
 */
export function requestSessions(context: CookieContext): RequestSessions {
  let current: Promise<Session> | undefined;
  let kept: Promise<Session> | undefined;
  let holder: ReturnType<typeof newSessionHolder> | undefined;
  const guestTtl = () => config().SESSION_TTL_SECONDS;
  const session = () =>
    (current ??= (async () => (await loadSession(await getDb(), context.cookies.get(SESSION_COOKIE)?.value, guestTtl())) ?? draftSession())());
  const keep = async (basketId: string | undefined): Promise<Session> => {
    const visitor = await session();
    if (visitor.saved) return visitor;
    const { token, session: stored } = holder?.made ?? (await createSession(await getDb(), guestTtl(), { usid: visitor.usid, basketId }));
    // The cookie outlives an empty guest row on purpose: the row's expiry is the authority, and once the session
    // holds a bag the row lives the full guest lifetime too.
    writeSessionCookies(context, token, stored, guestTtl());
    current = Promise.resolve(stored);
    return stored;
  };
  return {
    session,
    async keepSession(basketId) {
      kept ??= keep(basketId);
      const stored = await kept;
      if (basketId) await attachBasket(await getDb(), stored, basketId, guestTtl());
      return stored;
    },
    async firstBagHolder() {
      // The draft's usid goes on with the stored session, as keepSession's would.
      holder ??= newSessionHolder(guestTtl(), (await session()).usid);
      return holder;
    },
  };
}
