import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Removes a code (couponItemId) or a gift card applied as payment (paymentInstrumentId) from the bag. */
export const DELETE = apiEndpoint(API.removeCode, async ({ locals }, { couponItemId, paymentInstrumentId }) =>
  success({ basket: bagToWire(await locals.commerce.bag.removeCode({ couponItemId, paymentInstrumentId })) }),
);
