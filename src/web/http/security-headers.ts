/** The security headers of every answer. The CSP does not yet list script sources (see docs/decisions.md). */
export function securityHeaders(origin: string): Record<string, string> {
  return {
    'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'cross-origin-resource-policy': 'same-origin',
    ...(origin.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Where the build's hashed scripts, styles and fonts are served (Astro's `_astro` folder). */
export const BUILD_ASSETS_PREFIX = '/_astro/';

/**
 * The headers that act on a document alone (framing, referrer and permissions rules, the page's CSP): a built script,
 * style or font is sent without them (src/server/http/static-files.ts). On a page's 20 or so files they cost over
 * 5 KiB of headers a visit; what is left (no sniffing, same-origin only, transport security) is what means something
 * for a file that is not a document.
 */
export const DOCUMENT_ONLY_HEADERS = ['content-security-policy', 'x-frame-options', 'referrer-policy', 'permissions-policy'] as const;
