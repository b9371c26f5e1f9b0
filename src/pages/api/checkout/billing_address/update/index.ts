import { API } from '#src/lib/api/contract.ts';
import { submitBilling } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const PUT = apiEndpoint(API.updateBillingAddress, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await submitBilling(locals, input)) }),
);
