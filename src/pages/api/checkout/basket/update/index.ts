import { ApplyCodeSchema } from '../../../../../lib/schemas/promo.ts';
import { CODE_APPLIED } from '../../../../../lib/promo-code.ts';
import { engine } from '../../../../../server/commerce/engine.ts';
import { BadRequest, endpoint, readBody, success } from '../../../../../server/http/api.ts';

export const prerender = false;

/** The code field: a coupon is applied to the bag; other code kinds are answered (see coupons.ts). */
export const POST = endpoint(async ({ request, locals }) => {
  const input = await readBody(request, ApplyCodeSchema);
  const session = await locals.session();
  if (!session.basketId) throw new BadRequest('Your bag is empty.', 404);
  const commerce = await engine();
  const outcome = await commerce.applyCode(session.basketId, input.code, input.pin ?? input.giftCardPin ?? '', !!session.customerId);
  const basket = await commerce.readBasket(session.basketId);
  // The read is the authority: a coupon whose conditions are not met yet says so rather than "applied".
  const coupon = basket.couponItems.find((c) => c.couponItemId === outcome.couponItemId);
  const message = outcome.alreadyApplied || !coupon ? outcome.message : coupon.statusCode === 'applied' ? CODE_APPLIED : coupon.message;
  return success({ basket, message, couponItemId: outcome.couponItemId }, { message });
});
