import { engine } from '../../../../server/commerce/engine.ts';
import { endpoint, success } from '../../../../server/http/api.ts';

export const prerender = false;

/** The visitor's bag with totals computed now (an empty bag when they have none yet). */
export const GET = endpoint(async ({ locals }) => {
  const { basketId } = await locals.session();
  return success({ basket: await (await engine()).readBasket(basketId) });
});
