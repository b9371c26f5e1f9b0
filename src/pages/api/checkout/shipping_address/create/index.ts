import { API } from '#src/lib/api/contract.ts';
import { submitShippingAddress } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

export const POST = apiEndpoint(API.createShippingAddress, async ({ locals }, input) =>
  success({ checkout: await submitShippingAddress(locals, input) }),
);
