import { API } from '#src/lib/api/contract.ts';
import { removeCode } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** Removes a code (couponItemId) or a gift card applied as payment (paymentInstrumentId) from the bag. */
export const DELETE = apiEndpoint(API.removeCode, async ({ request, locals }, input) =>
  success({ basket: bagToWire(await removeCode(locals, input)) }),
);
