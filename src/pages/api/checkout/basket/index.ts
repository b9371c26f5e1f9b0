import { readBasket } from '../../../../server/bag/basket-facade.ts';
import { endpoint, success } from '../../../../server/http/api.ts';

export const prerender = false;

/** The visitor's bag with totals computed now (an empty bag when they have none yet). */
export const GET = endpoint(async ({ locals }) => success({ basket: await readBasket(locals) }));
