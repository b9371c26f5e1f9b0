import * as v from 'valibot';

/**
 * The store's own non-session cookies a page may ask the server to set (spec §7 POST /api/global/setServerCookie;
 * header spec §7 "Cookies read and written"): the product-finding method, the add-to-cart method map, and the viewed
 * product's default colour and merch type. Set by the server so they last their lifetime where a browser caps the
 * cookies scripts write; readable by the page's tags (not HttpOnly). No other name is set: never the session's, the
 * device's or the order's (docs/decisions.md "Server-set cookies").
 */
export const FINDING_METHODS = ['search', 'suggestion', 'recent-search', 'recommendation', 'browse', 'direct'] as const;
export type FindingMethod = (typeof FINDING_METHODS)[number];

export const SERVER_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
/** The add-to-cart method map keeps the latest products added, up to this many. */
export const ADD_TO_CART_MAP_MAX = 20;

const PRODUCT_ID = '[A-Za-z0-9-]{1,64}';
const METHOD = `(?:${FINDING_METHODS.join('|')})`;
const MAP_PATTERN = new RegExp(`^${PRODUCT_ID}:${METHOD}(?:\\|${PRODUCT_ID}:${METHOD}){0,${ADD_TO_CART_MAP_MAX - 1}}$`);
const WORD = /^[A-Za-z0-9 _-]{1,48}$/;

const refused = (name: string) => `The value is not allowed for the ${name} cookie.`;

export const ServerCookiesSchema = v.object({
  cookies: v.pipe(
    v.strictObject(
      {
        productFindingMethod: v.optional(v.picklist(FINDING_METHODS, refused('productFindingMethod'))),
        addToCartMethod: v.optional(v.pipe(v.string(refused('addToCartMethod')), v.regex(MAP_PATTERN, refused('addToCartMethod')))),
        defaultColor: v.optional(v.pipe(v.string(refused('defaultColor')), v.regex(WORD, refused('defaultColor')))),
        merchType: v.optional(v.pipe(v.string(refused('merchType')), v.regex(WORD, refused('merchType')))),
      },
      'Only the store’s own named cookies can be set: productFindingMethod, addToCartMethod, defaultColor, merchType.',
    ),
    v.check((c) => Object.keys(c).length > 0, 'Name at least one cookie to set.'),
  ),
});

/** How the shopper came to a product page: from its link's query (search_term, the recommendation flag) or the page before. */
export function findingMethod(url: URL, referrer: string): FindingMethod {
  if (url.searchParams.has('search_term')) return url.searchParams.has('search_term_suggested') ? 'suggestion' : 'search';
  if (url.searchParams.has('search_method')) return 'recent-search';
  if (url.searchParams.has('recommendation')) return 'recommendation';
  try {
    const before = new URL(referrer);
    if (before.origin !== url.origin) return 'direct';
    return before.pathname === '/search' ? 'search' : 'browse';
  } catch {
    return 'direct';
  }
}

/** The add-to-cart method map with a product's method recorded: the latest first, an earlier entry for it dropped. */
export function withAddToCartMethod(map: string | undefined, productId: string, method: FindingMethod): string {
  const entries = (map ?? '').split('|').filter((e) => e.includes(':') && !e.startsWith(`${productId}:`));
  return [`${productId}:${method}`, ...entries].slice(0, ADD_TO_CART_MAP_MAX).join('|');
}
