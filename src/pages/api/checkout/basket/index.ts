import { readBasket } from '#src/server/bag/basket-facade.ts';
import { endpoint } from '#src/server/http/api.ts';
import { sharedJsonReply } from '#src/server/http/compress.ts';

export const prerender = false;

/** The visitor's bag with totals as they stand now (an empty bag when they have none yet). */
export const GET = endpoint(async ({ locals, request }) => sharedJsonReply(request, 'basket', await readBasket(locals)));
