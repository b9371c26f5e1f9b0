import { API } from '#src/lib/api/contract.ts';
import { readPromotion } from '#src/server/bag/basket-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export const POST = apiEndpoint(API.readPromotion, async (_context, { promotionId }) => success(await readPromotion(promotionId)));
