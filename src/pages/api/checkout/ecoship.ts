import { EcoshipSchema } from '#src/lib/checkout/shipping-extras.ts';
import { ecoship } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The shipping step's EcoShip checkbox: held with the bag's checkout; the reply carries the bag. */
export const POST = endpoint(async ({ request, locals }) => {
  const { selected } = await readBody(request, EcoshipSchema);
  return success({ basket: await ecoship(locals, selected) });
});
