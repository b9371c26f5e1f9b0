import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export const POST = apiEndpoint(API.readPromotion, async ({ locals }, { promotionId }) =>
  success(await locals.commerce.bag.promotion({ promotionId })),
);
