import { AutoSuggestSchema } from '#src/lib/schemas/search.ts';
import { suggest } from '#src/server/catalog/catalog-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Search suggestions (spec §3, §7): light (typeahead) when fullPayload is false, everything when true. */
export const POST = endpoint(async ({ request }) => {
  const input = await readBody(request, AutoSuggestSchema);
  return success({ suggestions: await suggest(input.query, input.fullPayload) });
});
