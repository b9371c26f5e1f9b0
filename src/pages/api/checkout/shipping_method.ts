import { ShippingMethodSchema } from '../../../lib/schemas/basket.ts';
import { engine } from '../../../server/commerce/engine.ts';
import { BadRequest, endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { shippingMethodId } = await readBody(request, ShippingMethodSchema);
  const { basketId } = await locals.session();
  if (!basketId) throw new BadRequest('Add something to your bag first.', 409);
  const commerce = await engine();
  await commerce.setShippingMethod(basketId, shippingMethodId);
  return success({ basket: await commerce.readBasket(basketId) });
});
