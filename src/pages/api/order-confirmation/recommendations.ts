import * as v from 'valibot';
import { ID_MAX_LENGTH, ORDER_CONFIRMATION_RECOMMENDATIONS } from '#src/lib/constants.ts';
import { orderRecommendations } from '#src/server/orders/orders-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const Schema = v.object({
  productIds: v.pipe(
    v.array(v.pipe(v.string('Each product id must be text.'), v.minLength(1), v.maxLength(ID_MAX_LENGTH)), 'productIds must be a list.'),
    v.minLength(1, 'Send at least one product id.'),
    v.maxLength(50, 'Send at most 50 product ids.'),
  ),
});

/** 'You may also like' for the order confirmation: { headline, products } from co-purchases, else similar items. */
export const POST = endpoint(async ({ request }) => {
  const { productIds } = await readBody(request, Schema);
  return success(await orderRecommendations([...new Set(productIds)], ORDER_CONFIRMATION_RECOMMENDATIONS));
});
