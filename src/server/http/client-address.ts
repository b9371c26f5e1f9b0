import type { APIContext } from 'astro';
import { config } from '../config.ts';

/**
 * The address a request's limits are counted against: the socket's peer, or with TRUST_PROXY=1 (the store behind
 * a proxy that sets it) the first X-Forwarded-For entry. Without TRUST_PROXY the header is ignored, so a client
 * cannot dodge the limits by inventing addresses.
 */
export function clientAddress(context: Pick<APIContext, 'clientAddress' | 'request'>): string {
  if (config().TRUST_PROXY === '1') {
    const forwarded = context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
