import { engine } from '../../../../server/commerce/engine.ts';
import { endpoint, success } from '../../../../server/http/api.ts';

export const prerender = false;

/** The bag ID shown in the checkout footer; null until the visitor has put something in a bag. */
export const POST = endpoint(async ({ locals }) => {
  const { basketId } = await locals.session();
  const basket = await (await engine()).readBasket(basketId);
  return success({ basketId: basket.basketId });
});
