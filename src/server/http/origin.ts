const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every state-changing request, whatever its content type (Astro's own
 * check skips application/json). A browser always sends Origin on such requests, and Sec-Fetch-Site in modern
 * browsers; a request without either comes from a non-browser client, which cannot carry a victim's cookies.
 */
export function isCrossOriginWrite(request: Request, url: URL, publicOrigin: string | undefined = process.env.PUBLIC_ORIGIN): boolean {
  if (!UNSAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin === 'null') return true;
    try {
      // Behind a proxy that rewrites Host, the store's public origin (PUBLIC_ORIGIN) is what browsers send.
      if (publicOrigin) return new URL(origin).origin !== new URL(publicOrigin).origin;
      return new URL(origin).host !== url.host;
    } catch {
      return true;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
