import { API } from '#src/lib/api/contract.ts';
import { lookUpAddress } from '#src/server/checkout/address-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/**
 * Address suggestions as the shopper types (`address` is the search; `selected` expands an entry with
 * sub-addresses), or with `checkAddress` the check of an address before it is submitted (product spec §7).
 */
export const POST = apiEndpoint(API.lookUpAddress, async (context, input) => success(await lookUpAddress(input, clientAddress(context))));
