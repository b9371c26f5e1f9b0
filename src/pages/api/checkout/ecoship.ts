import { API } from '#src/lib/api/contract.ts';
import { ecoship } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The shipping step's EcoShip checkbox: held with the bag's checkout; the reply carries the bag. */
export const POST = apiEndpoint(API.ecoship, async ({ locals }, { selected }) => success({ basket: bagToWire(await ecoship(locals, selected)) }));
