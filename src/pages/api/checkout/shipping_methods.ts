import { API } from '#src/lib/api/contract.ts';
import { shippingMethods } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { shippingChoiceToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const GET = apiEndpoint(API.shippingMethods, async ({ locals }) => {
  const { methods, selected } = shippingChoiceToWire(await shippingMethods(locals));
  return success({ applicableShippingMethods: methods, defaultShippingMethodId: selected });
});
