import * as v from 'valibot';
import { AutoSuggestSchema } from '#src/lib/schemas/search.ts';
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

/** The API replies shared by every visitor: search suggestions, the same for one query whoever asks. */
const SUGGEST_PATH = '/api/global/auto_suggest';
/** A suggestion request's body is a short query and two flags; a longer one is answered each time, never kept. */
const MAX_SUGGEST_BODY = 1024;

/**
 * The cache key of an API request whose reply is shared: a search suggestion's query and payload size, from its body
 * as the endpoint will read it (a copy of the request is read, so the endpoint still has the body). Undefined for any
 * other call, and for a body the endpoint would refuse (it answers that itself).
 */
export async function sharedReplyKey(request: Request): Promise<string | undefined> {
  if (request.method !== 'POST' || new URL(request.url).pathname !== SUGGEST_PATH) return undefined;
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!(length <= MAX_SUGGEST_BODY)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
  const parsed = v.safeParse(AutoSuggestSchema, body);
  if (!parsed.success) return undefined;
  return `${SUGGEST_PATH}?${new URLSearchParams({ fullPayload: String(parsed.output.fullPayload), query: parsed.output.query })}`;
}
