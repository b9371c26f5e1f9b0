import { UpdateBasketItemSchema } from '#src/lib/schemas/basket.ts';
import { updateLine } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody } from '#src/server/http/api.ts';
import { successReply } from '#src/server/http/compress.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { itemId, body } = await readBody(request, UpdateBasketItemSchema);
  return successReply(request, { basket: await updateLine(locals, itemId, body) });
});
