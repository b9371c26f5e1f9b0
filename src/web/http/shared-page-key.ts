/** Pages whose content follows their query string (search results, quick order): kept per canonical query. */
const QUERY_PAGES = new Set(['/search', '/search/', '/quick-order', '/quick-order/']);
/** Longer queries are rendered each time rather than kept: a few hundred characters is every real search. */
const MAX_QUERY_KEY = 512;

/**
 * The cache key of a request's page: its path; for the pages that read their query, the path and the query's
 * parameters in a canonical order (so `?a=1&b=2` and `?b=2&a=1` share a page), or undefined for a long query.
 * Every parameter counts, since those pages echo them into their links. Searches are bounded like every page: the
 * least recently used go first.
 */
export function sharedPageKey(url: URL): string | undefined {
  if (!QUERY_PAGES.has(url.pathname)) return url.pathname;
  const params = [...url.searchParams.entries()].sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  if (query.length > MAX_QUERY_KEY) return undefined;
  return query ? `${url.pathname}?${query}` : url.pathname;
}
