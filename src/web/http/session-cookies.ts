import type { AstroCookies } from 'astro';
import type { Keep } from '#src/lib/commerce-api/call.ts';
import { config } from '#src/server/config.ts';

/**
 * The shopper's cookies that carry the commerce API's tokens: the session (`sid`, a 256-bit random token the engine
 * keeps only the hash of, and `usid`, the identifier the spec's payloads carry) and the sign-in device token. The
 * web layer alone reads and writes cookies; the engine hands back what to keep (src/lib/commerce-api/call.ts Keep).
 */
export const SESSION_COOKIE = 'sid';
export const USID_COOKIE = 'usid';
/** The sign-in device token (docs/decisions.md "Device cookies"): only the sign-in endpoint reads it, so no other request carries it. */
export const DEVICE_COOKIE = 'device';
export const DEVICE_COOKIE_PATH = '/api/global/login';
/** A support agent's session token: its own cookie, never the shopper's `sid` (docs/decisions.md "Support-agent mode"). */
export const AGENT_COOKIE = 'agent';

/**
 * A content editor's session token, in cookies of its own (never the shopper's `sid`), each scoped to one of the
 * editors' paths: one for the workspace's pages, one for its API, the same token; SameSite=Strict, so no other site's
 * request carries them. A shopper's pages and endpoints never see them.
 */
const EDITOR_COOKIES = [
  { name: 'editor', path: '/editor' },
  { name: 'editor_api', path: '/api/editor' },
] as const;
const editorCookieOf = (pathname: string) => EDITOR_COOKIES.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));

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

export const sessionToken = (cookies: AstroCookies): string | null => cookies.get(SESSION_COOKIE)?.value ?? null;
export const deviceToken = (cookies: AstroCookies): string | undefined => cookies.get(DEVICE_COOKIE)?.value;
/** The editor's token on the editors' paths; undefined anywhere else (the browser sends it nowhere else either). */
export const editorToken = (cookies: AstroCookies, pathname: string): string | undefined => {
  const cookie = editorCookieOf(pathname);
  return cookie ? cookies.get(cookie.name)?.value : undefined;
};
export const agentToken = (cookies: AstroCookies): string | undefined => cookies.get(AGENT_COOKIE)?.value;

/**
 * Writes what a call asked to keep. A session's cookies last its lifetime, or the browser's session for a signed-in
 * session without keep-me-signed-in (maxAge null); a session that ended takes its cookies with it.
 */
export function keepCookies(context: CookieContext, keep: Keep): void {
  const secure = secureCookies(context.url);
  if (keep.session === null) {
    for (const name of [SESSION_COOKIE, USID_COOKIE]) context.cookies.delete(name, { path: '/' });
  } else if (keep.session) {
    const { token, usid, maxAge } = keep.session;
    const options = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', ...(maxAge === null ? {} : { maxAge }) };
    context.cookies.set(SESSION_COOKIE, token, options);
    context.cookies.set(USID_COOKIE, usid, options);
  }
  if (keep.editor !== undefined) keepEditorCookies(context, keep.editor);
  if (keep.device) {
    context.cookies.set(DEVICE_COOKIE, keep.device.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: DEVICE_COOKIE_PATH,
      maxAge: keep.device.maxAge,
    });
  }
  if (keep.agent === null) context.cookies.delete(AGENT_COOKIE, { path: '/' });
  else if (keep.agent) {
    context.cookies.set(AGENT_COOKIE, keep.agent.token, { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: keep.agent.maxAge });
  }
}

function keepEditorCookies(context: CookieContext, editor: NonNullable<Keep['editor']> | null): void {
  const secure = secureCookies(context.url);
  for (const { name, path } of EDITOR_COOKIES) {
    const options = { httpOnly: true, sameSite: 'strict' as const, secure, path };
    if (editor === null) context.cookies.delete(name, options);
    else context.cookies.set(name, editor.token, { ...options, maxAge: editor.maxAge });
  }
}
