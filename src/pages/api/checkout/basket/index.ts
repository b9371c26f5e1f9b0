import { API } from '#src/lib/api/contract.ts';
import { readBasket } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The visitor's bag with totals as they stand now (an empty bag when they have none yet). */
export const GET = apiEndpoint(API.readBag, async ({ locals, request }) => sharedSuccess('basket', bagToWire(await readBasket(locals))));
