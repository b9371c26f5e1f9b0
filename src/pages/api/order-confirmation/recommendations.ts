import { API } from '#src/lib/api/contract.ts';
import { ORDER_CONFIRMATION_RECOMMENDATIONS } from '#src/lib/constants.ts';
import { orderRecommendations } from '#src/server/orders/orders-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** 'You may also like' for the order confirmation: { headline, products } from co-purchases, else similar items. */
export const POST = apiEndpoint(API.orderRecommendations, async (_context, { productIds }) =>
  success(await orderRecommendations([...new Set(productIds)], ORDER_CONFIRMATION_RECOMMENDATIONS)),
);
