import { DeleteBasketItemSchema } from '../../../../../lib/schemas/basket.ts';
import { removeLine } from '../../../../../server/bag/basket-facade.ts';
import { endpoint, readBody, success } from '../../../../../server/http/api.ts';

export const prerender = false;

export const DELETE = endpoint(async ({ request, locals }) => {
  const { itemId } = await readBody(request, DeleteBasketItemSchema);
  return success({ basket: await removeLine(locals, itemId) });
});
