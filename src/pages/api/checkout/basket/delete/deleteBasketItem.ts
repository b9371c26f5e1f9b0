import { API } from '#src/lib/api/contract.ts';
import { removeLine } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const DELETE = apiEndpoint(API.removeLine, async ({ request, locals }, { itemId }) =>
  success({ basket: bagToWire(await removeLine(locals, itemId)) }),
);
