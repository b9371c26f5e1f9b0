import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { sharedSuccess } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The visitor's bag with totals as they stand now (an empty bag when they have none yet). */
export const GET = apiEndpoint(API.readBag, async ({ locals }) => sharedSuccess('basket', bagToWire(await locals.commerce.bag.read())));
