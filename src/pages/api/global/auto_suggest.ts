import { API } from '#src/lib/api/contract.ts';
import { suggest } from '#src/server/catalog/catalog-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** Search suggestions (spec §3, §7): light (typeahead) when fullPayload is false, everything when true. */
export const POST = apiEndpoint(API.suggest, async (_context, input) => success({ suggestions: await suggest(input.query, input.fullPayload) }));
