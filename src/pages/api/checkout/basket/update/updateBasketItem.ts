import { UpdateBasketItemSchema } from '../../../../../lib/schemas/basket.ts';
import { engine } from '../../../../../server/commerce/engine.ts';
import { BadRequest, endpoint, readBody, success } from '../../../../../server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { itemId, body } = await readBody(request, UpdateBasketItemSchema);
  const { basketId } = await locals.session();
  if (!basketId) throw new BadRequest('Your bag is empty.', 404);
  const commerce = await engine();
  if (body.productId) await commerce.replaceItem(basketId, itemId, { ...body, productId: body.productId });
  else await commerce.updateItemQuantity(basketId, itemId, body.quantity);
  return success({ basket: await commerce.readBasket(basketId) });
});
