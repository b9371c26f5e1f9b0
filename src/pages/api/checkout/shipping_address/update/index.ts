import { API } from '#src/lib/api/contract.ts';
import { submitShippingAddress } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire, shippingAddressFromWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.updateShippingAddress, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await submitShippingAddress(locals, shippingAddressFromWire(input))) }),
);
