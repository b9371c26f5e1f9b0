/**
 * Recommendation criteria (what a page asks for) mapped to the sets the server computes (header spec §3):
 * crossbranditems; recentlyviewed; cart-nextbestcategory and nextbestcategory share a set; similarcategories and
 * cartsimilaritems share a set; complementaryitems; similaritems; anything else is the default set.
 */
export type RecommendationSet =
  | 'crossBrand'
  | 'recentlyViewed'
  | 'nextBestCategory'
  | 'similarCategories'
  | 'complementary'
  | 'similarItems'
  | 'default';

// A Map: the criteria come from the request, and a plain object would answer `constructor` or `__proto__`.
const SETS: ReadonlyMap<string, RecommendationSet> = new Map<string, RecommendationSet>([
  ['crossbranditems', 'crossBrand'],
  ['recentlyviewed', 'recentlyViewed'],
  ['cart-nextbestcategory', 'nextBestCategory'],
  ['nextbestcategory', 'nextBestCategory'],
  ['similarcategories', 'similarCategories'],
  ['cartsimilaritems', 'similarCategories'],
  ['complementaryitems', 'complementary'],
  ['similaritems', 'similarItems'],
]);

export function setForCriteria(criteria: string): RecommendationSet {
  return SETS.get(criteria.trim().toLowerCase()) ?? 'default';
}

export const HEADLINES: Record<RecommendationSet, string> = {
  crossBrand: 'From our other brands',
  recentlyViewed: 'Recently viewed',
  nextBestCategory: 'Complete your look',
  similarCategories: 'You may also like',
  complementary: 'Goes well with',
  similarItems: 'Similar styles',
  default: 'Popular right now',
};

/** Categories that go together, for "complete your look" and complementary items. */
export const COMPLEMENTS: Record<string, string[]> = {
  tops: ['pants', 'jeans', 'outerwear'],
  sweaters: ['pants', 'jeans'],
  outerwear: ['tops', 'boots'],
  pants: ['tops', 'shoes'],
  jeans: ['tops', 'shoes', 'boots'],
  dresses: ['shoes', 'outerwear'],
  bras: ['lounge'],
  lounge: ['bras', 'tops'],
  shoes: ['dresses', 'jeans'],
  boots: ['jeans', 'outerwear'],
};

/** Recently viewed product ids live in a pipe-separated cookie, newest first, at most this many. */
export const RECENTLY_VIEWED_COOKIE = 'recentlyViewed';
export const RECENTLY_VIEWED_MAX = 12;
/** The recently-viewed cookie is kept for 30 days after the last product page. */
export const RECENTLY_VIEWED_SECONDS = 60 * 60 * 24 * 30;
export const CAROUSEL_WAIT_MS = 500;

/** The recently-viewed cookie's product ids, newest first; anything that is not a plain id is dropped. */
export function readRecentlyViewed(cookieValue: string | undefined): string[] {
  return (cookieValue ?? '').split('|').filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
}

export function pushRecentlyViewed(cookieValue: string | undefined, productId: string): string {
  const ids = readRecentlyViewed(cookieValue).filter((id) => id !== productId);
  return [productId, ...ids].slice(0, RECENTLY_VIEWED_MAX).join('|');
}
