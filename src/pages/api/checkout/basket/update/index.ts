import { ApplyCodeSchema } from '#src/lib/schemas/promo.ts';
import { applyCode } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody } from '#src/server/http/api.ts';
import { successReply } from '#src/server/http/compress.ts';

export const prerender = false;

/** The code field: a coupon is applied to the bag; other code kinds are answered (see coupons.ts). */
export const POST = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, ApplyCodeSchema);
  const { basket, message, couponItemId } = await applyCode(locals, input.code, input.pin ?? input.giftCardPin ?? '');
  return successReply(request, { basket, message, couponItemId }, { message });
});
