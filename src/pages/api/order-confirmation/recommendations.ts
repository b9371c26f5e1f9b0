import { API } from '#src/lib/api/contract.ts';
import { ORDER_CONFIRMATION_RECOMMENDATIONS } from '#src/lib/constants.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** 'You may also like' for the order confirmation: { headline, products } from co-purchases, else similar items. */
export const POST = apiEndpoint(API.orderRecommendations, async ({ locals }, { productIds }) =>
  success(await locals.commerce.orders.recommendations({ productIds: [...new Set(productIds)], limit: ORDER_CONFIRMATION_RECOMMENDATIONS })),
);
