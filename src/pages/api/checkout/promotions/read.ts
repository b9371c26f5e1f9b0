import { PromotionReadSchema } from '#src/lib/schemas/promo.ts';
import { readPromotion } from '#src/server/bag/basket-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export const POST = endpoint(async ({ request }) => {
  const { promotionId } = await readBody(request, PromotionReadSchema);
  return success(await readPromotion(promotionId));
});
