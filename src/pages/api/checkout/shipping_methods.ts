import { shippingMethods } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

export const GET = endpoint(async ({ locals }) => {
  const { methods, selected } = await shippingMethods(locals);
  return success({ applicableShippingMethods: methods, defaultShippingMethodId: selected });
});
