import { ShippingMethodSchema } from '../../../lib/schemas/basket.ts';
import { chooseShippingMethod } from '../../../server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { shippingMethodId } = await readBody(request, ShippingMethodSchema);
  return success({ basket: await chooseShippingMethod(locals, shippingMethodId) });
});
