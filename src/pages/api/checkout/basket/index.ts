import { readBasket } from '#src/server/bag/basket-facade.ts';
import { endpoint, sharedSuccess } from '#src/server/http/api.ts';

export const prerender = false;

/** The visitor's bag with totals as they stand now (an empty bag when they have none yet). */
export const GET = endpoint(async ({ locals }) => sharedSuccess('basket', await readBasket(locals)));
