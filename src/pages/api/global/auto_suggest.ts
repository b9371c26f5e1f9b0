import { AutoSuggestSchema } from '../../../lib/schemas/search.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';
import { catalogSearch } from '../../../server/search/catalog-search.ts';

export const prerender = false;

/** Search suggestions (spec §3, §7): light (typeahead) when fullPayload is false, everything when true. */
export const POST = endpoint(async ({ request }) => {
  const input = await readBody(request, AutoSuggestSchema);
  const index = await catalogSearch();
  return success({ suggestions: index.suggest(input.query, input.fullPayload) });
});
