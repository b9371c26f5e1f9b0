import { API } from '#src/lib/api/contract.ts';
import { bagToWire, lineChoiceFromWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const POST = apiEndpoint(API.addToBag, async ({ locals }, input) => {
  const basket = bagToWire(await locals.commerce.bag.add({ choice: lineChoiceFromWire(input), asCustomer: input.customerId }));
  return success({ basket, updatedShippingMethod: basket.shipments[0]?.shippingMethod ?? null }, { message: 'Added to bag' });
});
