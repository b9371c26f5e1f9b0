import { AddressLookupSchema, lookUpAddress } from '#src/server/checkout/address-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/**
 * Address suggestions as the shopper types (`address` is the search; `selected` expands an entry with
 * sub-addresses), or with `checkAddress` the check of an address before it is submitted (product spec §7).
 */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, AddressLookupSchema);
  return success(await lookUpAddress(input, clientAddress(context)));
});
