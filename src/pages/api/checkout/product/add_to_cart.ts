import { API } from '#src/lib/api/contract.ts';
import { addToBag } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire, lineChoiceFromWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.addToBag, async ({ request, locals }, input) => {
  const basket = bagToWire(await addToBag(locals, lineChoiceFromWire(input), input.customerId));
  return success({ basket, updatedShippingMethod: basket.shipments[0]?.shippingMethod ?? null }, { message: 'Added to bag' });
});
