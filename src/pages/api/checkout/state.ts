import { readCheckout, tokenizationTarget } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/**
 * The checkout as the server holds it (the bag, what the shopper has entered, the flash list), and where the
 * browser tokenizes a card (the page is static, so the gateway's address comes with the first read).
 */
export const GET = endpoint(async ({ locals }) => success({ checkout: await readCheckout(locals), tokenization: tokenizationTarget() }));
