import { DeleteFromBasketSchema } from '#src/lib/schemas/promo.ts';
import { removeCode } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody } from '#src/server/http/api.ts';
import { successReply } from '#src/server/http/compress.ts';

export const prerender = false;

/** Removes a code from the bag (couponItemId). A bag holds no payment instrument: a paymentInstrumentId is 404. */
export const DELETE = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, DeleteFromBasketSchema);
  return successReply(request, { basket: await removeCode(locals, input) });
});
