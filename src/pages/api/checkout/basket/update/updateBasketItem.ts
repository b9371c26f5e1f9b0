import { API } from '#src/lib/api/contract.ts';
import { updateLine } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire, lineEditFromWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.updateLine, async ({ request, locals }, { itemId, body }) =>
  success({ basket: bagToWire(await updateLine(locals, itemId, lineEditFromWire(body))) }),
);
