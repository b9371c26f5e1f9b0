import { API } from '#src/lib/api/contract.ts';
import { submitEmail } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.submitEmail, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await submitEmail(locals, input)) }),
);
