import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Search suggestions (spec §3, §7): light (typeahead) when fullPayload is false, everything when true. */
export const POST = apiEndpoint(API.suggest, async ({ locals }, { query, fullPayload }) =>
  success({ suggestions: await locals.commerce.catalog.suggest({ query, fullPayload }) }),
);
