import { ShippingAddressStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { submitShippingAddress } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) =>
  success({ checkout: await submitShippingAddress(locals, await readBody(request, ShippingAddressStepSchema)) }),
);
