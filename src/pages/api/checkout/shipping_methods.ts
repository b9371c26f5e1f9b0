import { engine } from '../../../server/commerce/engine.ts';
import { endpoint, success } from '../../../server/http/api.ts';

export const prerender = false;

export const GET = endpoint(async ({ locals }) => {
  const { basketId } = await locals.session();
  const { methods, selected } = await (await engine()).listShippingMethods(basketId);
  return success({ applicableShippingMethods: methods, defaultShippingMethodId: selected });
});
