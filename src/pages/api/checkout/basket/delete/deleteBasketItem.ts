import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

export const DELETE = apiEndpoint(API.removeLine, async ({ locals }, { itemId }) =>
  success({ basket: bagToWire(await locals.commerce.bag.removeLine({ itemId })) }),
);
