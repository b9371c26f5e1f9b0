import { DeleteBasketItemSchema } from '#src/lib/schemas/basket.ts';
import { removeLine } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const DELETE = endpoint(async ({ request, locals }) => {
  const { itemId } = await readBody(request, DeleteBasketItemSchema);
  return success({ basket: await removeLine(locals, itemId) });
});
