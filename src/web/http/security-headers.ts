/** The security headers of every answer. The CSP does not yet list script sources (see docs/decisions.md). */
export function securityHeaders(origin: string): Record<string, string> {
  return {
    'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    ...assetSecurityHeaders(origin),
  };
}

/** Where the build's hashed scripts, styles and fonts are served (Astro's `_astro` folder). */
export const BUILD_ASSETS_PREFIX = '/_astro/';

/**
 * The security headers of a built script, style or font: the ones that mean something for a file that is not a
 * document (no sniffing, same-origin only, transport security). The framing, referrer and permissions rules and the
 * page's CSP act on documents alone, and on a page's 20 or so files they cost over 5 KiB of headers a visit.
 */
export function assetSecurityHeaders(origin: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(origin.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
