import { API } from '#src/lib/api/contract.ts';
import { bagToWire, lineEditFromWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const POST = apiEndpoint(API.updateLine, async ({ locals }, { itemId, body }) =>
  success({ basket: bagToWire(await locals.commerce.bag.updateLine({ itemId, change: lineEditFromWire(body) })) }),
);
