import { shippingMethods } from '../../../server/checkout/checkout-facade.ts';
import { endpoint, success } from '../../../server/http/api.ts';

export const prerender = false;

export const GET = endpoint(async ({ locals }) => {
  const { methods, selected } = await shippingMethods(locals);
  return success({ applicableShippingMethods: methods, defaultShippingMethodId: selected });
});
