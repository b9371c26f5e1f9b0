import { readCheckout } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The checkout as the server holds it: the bag, what the shopper has entered, and the flash list. */
export const GET = endpoint(async ({ locals }) => success({ checkout: await readCheckout(locals) }));
