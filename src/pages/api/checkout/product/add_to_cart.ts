import { AddToBagSchema } from '#src/lib/schemas/basket.ts';
import { addToBag } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody } from '#src/server/http/api.ts';
import { successReply } from '#src/server/http/compress.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, AddToBagSchema);
  const basket = await addToBag(locals, input);
  return successReply(request, { basket, updatedShippingMethod: basket.shipments[0]?.shippingMethod ?? null }, { message: 'Added to bag' });
});
