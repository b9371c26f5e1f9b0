import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The shipping step's EcoShip checkbox: held with the bag's checkout; the reply carries the bag. */
export const POST = apiEndpoint(API.ecoship, async ({ locals }, { selected }) =>
  success({ basket: bagToWire(await locals.commerce.checkout.ecoship({ selected })) }),
);
