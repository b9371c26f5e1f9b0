const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every state-changing request, whatever its content type (Astro's own
 * check skips application/json). A browser always sends Origin on such requests, and Sec-Fetch-Site in modern
 * browsers; a request without either comes from a non-browser client, which cannot carry a victim's cookies.
 */
export function isCrossOriginWrite(request: Request, url: URL): boolean {
  if (!UNSAFE.has(request.method)) return false;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin === 'null') return true;
    try {
      return new URL(origin).host !== url.host;
    } catch {
      return true;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}
