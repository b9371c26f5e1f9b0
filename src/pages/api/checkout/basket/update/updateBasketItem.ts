import { UpdateBasketItemSchema } from '#src/lib/schemas/basket.ts';
import { updateLine } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { itemId, body } = await readBody(request, UpdateBasketItemSchema);
  return success({ basket: await updateLine(locals, itemId, body) });
});
