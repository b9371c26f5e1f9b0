import { API } from '#src/lib/api/contract.ts';
import { checkoutToWire, shippingAddressFromWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const POST = apiEndpoint(API.createShippingAddress, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await locals.commerce.checkout.submitShippingAddress(shippingAddressFromWire(input))) }),
);
