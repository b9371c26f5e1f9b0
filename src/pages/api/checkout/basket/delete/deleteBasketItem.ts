import { DeleteBasketItemSchema } from '#src/lib/schemas/basket.ts';
import { removeLine } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody } from '#src/server/http/api.ts';
import { successReply } from '#src/server/http/compress.ts';

export const prerender = false;

export const DELETE = endpoint(async ({ request, locals }) => {
  const { itemId } = await readBody(request, DeleteBasketItemSchema);
  return successReply(request, { basket: await removeLine(locals, itemId) });
});
