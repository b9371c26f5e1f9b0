import { ShippingMethodSchema } from '#src/lib/schemas/basket.ts';
import { chooseShippingMethod } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { shippingMethodId } = await readBody(request, ShippingMethodSchema);
  return success({ basket: await chooseShippingMethod(locals, shippingMethodId) });
});
