import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Address suggestions as the shopper types (`address` is the search; `selected` expands an entry with
 * sub-addresses), or with `checkAddress` the check of an address before it is submitted (product spec §7).
 */
export const POST = apiEndpoint(API.lookUpAddress, async ({ locals }, input) => success(await locals.commerce.checkout.lookUpAddress(input)));
