import { API } from '#src/lib/api/contract.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Saves addresses and tokenized cards to the signed-in shopper's profile (checkout spec §7 customerdata/). */
export const POST = apiEndpoint(API.saveCustomerData, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await locals.commerce.checkout.saveCustomerData(input)) }),
);
