import type { IncomingMessage, ServerResponse } from 'node:http';
import { config, isLoopbackHostname, storeOrigin } from '../config.ts';
import { securityHeaders } from '#src/web/http/security-headers.ts';

/**
 * The first thing every request meets, before Astro or the embedded sign-in provider (the production server and
 * `astro dev` both run it). It holds three boundaries:
 * - Host: only the store's own host (from configuration) is served. Nothing downstream builds a URL from Host any
 *   more, but a request for another host is refused rather than answered as if it were ours (421). On a loopback
 *   origin, another loopback name for the same port (localhost for 127.0.0.1) is sent to the store's origin, so the
 *   cookies, the sign-in popup and the cross-origin guard all see one origin.
 * - Methods: only the ones the store answers; TRACE, CONNECT and the like get 405 before any route sees them.
 * - Headers every answer carries (framing, sniffing, referrer, transport security); a built file found drops the
 *   document's own (static-files.ts).
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...METHODS].join(', ');

/** Answers the request itself (refusal or redirect) and returns true, or sets the common headers and returns false. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => boolean;

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify({ status: 'error', message }));
  return true;
}

/**
 * @param listenHost the `host:port` the server listens on: a proxy in front that rewrites Host to its upstream
 *   reaches the store under that name, which is the store's too.
 */
export function createFrontDoor(origin: string = storeOrigin(), listenHost = `${config().HOST}:${config().PORT}`): FrontDoor {
  const own = new URL(origin);
  const accepted = new Set([own.host, listenHost.toLowerCase()]);
  const headers = Object.entries(securityHeaders(origin));
  const loopbackOrigin = isLoopbackHostname(own.hostname);
  return (req, res) => {
    const method = req.method ?? 'GET';
    if (!METHODS.has(method)) return refuse(res, 405, 'This method is not allowed.', { allow: ALLOW });
    const host = (req.headers.host ?? '').toLowerCase();
    if (!accepted.has(host)) {
      let alias: URL | null = null;
      try {
        alias = new URL(`http://${host}`);
      } catch {
        alias = null;
      }
      const sameLoopbackPort =
        loopbackOrigin && alias !== null && isLoopbackHostname(alias.hostname) && alias.port === own.port && alias.host === host;
      if (sameLoopbackPort && (method === 'GET' || method === 'HEAD')) {
        // Path and query only, on our configured origin, whatever the request target says (`//x`, `/\\x`).
        let path = '/';
        try {
          const target = new URL(req.url ?? '/', origin);
          path = `${target.pathname}${target.search}`;
        } catch {
          // an unparsable target goes to the home page
        }
        res.writeHead(308, { location: `${origin}${path}`, 'cache-control': 'no-store' });
        res.end();
        return true;
      }
      return refuse(res, 421, `This server answers for ${own.host} only.`);
    }
    for (const [name, value] of headers) res.setHeader(name, value);
    return false;
  };
}
