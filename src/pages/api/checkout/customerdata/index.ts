import { API } from '#src/lib/api/contract.ts';
import { saveCustomerData } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** Saves addresses and tokenized cards to the signed-in shopper's profile (checkout spec §7 customerdata/). */
export const POST = apiEndpoint(API.saveCustomerData, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await saveCustomerData(locals, input)) }),
);
