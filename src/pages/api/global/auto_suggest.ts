import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Search suggestions (spec §3, §7): light (typeahead) when fullPayload is false, everything when true. The same for
 * every visitor, so the edge keeps them per query under the catalog's stamp (src/web/http/shared-page-key.ts).
 */
export const POST = apiEndpoint(API.suggest, async ({ locals }, { query, fullPayload }) => {
  locals.sharedPage = true;
  return success({ suggestions: await locals.commerce.catalog.suggest({ query, fullPayload }) });
});
