import { API } from '#src/lib/api/contract.ts';
import { applyCode } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { successReply } from '#src/server/http/compress.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The code field: a coupon is applied to the bag; other code kinds are answered (see coupons.ts). */
export const POST = apiEndpoint(API.applyCode, async ({ request, locals }, input) => {
  const { basket, message, couponItemId } = await applyCode(locals, input.code, input.pin ?? input.giftCardPin ?? '');
  return successReply(request, { basket: bagToWire(basket), message, couponItemId }, { message });
});
