import type { APIContext } from 'astro';
import { config } from '#src/server/config.ts';

/**
 * The address a request's limits are counted against: the socket's peer, or with TRUST_PROXY=<hops> (the store
 * behind that many proxies, each appending its peer to X-Forwarded-For) the entry the outermost trusted proxy
 * appended. Without TRUST_PROXY (or with 0) the header is ignored, so a client cannot dodge the limits by inventing
 * addresses.
 */
export function clientAddress(context: Pick<APIContext, 'clientAddress' | 'request'>): string {
  const hops = config().TRUST_PROXY ?? 0;
  const forwarded = hops > 0 ? forwardedClient(context.request.headers.get('x-forwarded-for'), hops) : null;
  if (forwarded) return forwarded;
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The client's address in an X-Forwarded-For header that `hops` trusted proxies appended to: counted from the right,
 * as each proxy appends the address it was reached from, the `hops`-th entry. Whatever stands left of it the client
 * wrote itself and is never read. A header shorter than that (a request that passed fewer proxies) is all written by
 * trusted proxies: its left-most entry.
 */
export function forwardedClient(header: string | null, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const entry = entries[Math.max(entries.length - hops, 0)];
  return entry ? entry.slice(0, 64) : null;
}
