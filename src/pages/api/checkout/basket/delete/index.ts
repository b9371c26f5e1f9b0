import { DeleteFromBasketSchema } from '../../../../../lib/schemas/promo.ts';
import { engine } from '../../../../../server/commerce/engine.ts';
import { BadRequest, endpoint, readBody, success } from '../../../../../server/http/api.ts';

export const prerender = false;

/** Removes a code from the bag (couponItemId). Payment instruments arrive with the checkout issue. */
export const DELETE = endpoint(async ({ request, locals }) => {
  const { couponItemId, paymentInstrumentId } = await readBody(request, DeleteFromBasketSchema);
  if (!couponItemId) {
    throw new BadRequest(paymentInstrumentId ? 'That payment is not on your bag.' : 'couponItemId is required.', paymentInstrumentId ? 404 : 400);
  }
  const { basketId } = await locals.session();
  if (!basketId) throw new BadRequest('Your bag is empty.', 404);
  const commerce = await engine();
  await commerce.removeCoupon(basketId, couponItemId);
  return success({ basket: await commerce.readBasket(basketId) });
});
