import { storeOrigin } from '#src/server/config.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every state-changing request, whatever its content type (Astro's own
 * check skips application/json). The Origin a browser sends must be the store's configured origin: scheme, host and
 * port all compared (never the request's Host). A browser always sends Origin on such requests, and Sec-Fetch-Site
 * in modern browsers; a request without either comes from a non-browser client, which cannot carry a victim's
 * cookies.
 */
export function isCrossOriginWrite(request: Request, origin: string = storeOrigin()): boolean {
  if (!UNSAFE.has(request.method)) return false;
  const sent = request.headers.get('origin');
  if (sent !== null) {
    try {
      return new URL(sent).origin !== new URL(origin).origin;
    } catch {
      return true; // 'null' (an opaque origin) and anything unparsable
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
