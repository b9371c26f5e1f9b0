import type { BrowserContext } from '@playwright/test';

let n = 0;

/**
 * Gives the test's browser a client address of its own, so the server's per-client limits (reset links, sign-ins,
 * the waitlist) count each test apart: the test servers trust one proxy (TRUST_PROXY=1), and the address stands where
 * that proxy would append it, as the header's right-most (here its only) entry.
 */
export async function ownClientAddress(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.10.${n++ & 255}.${Math.floor(Math.random() * 250)}` });
}
