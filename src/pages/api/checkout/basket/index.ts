import { readBasket } from '#src/server/bag/basket-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The visitor's bag with totals computed now (an empty bag when they have none yet). */
export const GET = endpoint(async ({ locals }) => success({ basket: await readBasket(locals) }));
