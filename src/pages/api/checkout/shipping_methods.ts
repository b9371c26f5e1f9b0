import { API } from '#src/lib/api/contract.ts';
import { shippingChoiceToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const GET = apiEndpoint(API.shippingMethods, async ({ locals }) => {
  const { methods, selected } = shippingChoiceToWire(await locals.commerce.checkout.shippingMethods());
  return success({ applicableShippingMethods: methods, defaultShippingMethodId: selected });
});
