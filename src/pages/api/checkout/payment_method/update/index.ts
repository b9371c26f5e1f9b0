import { API } from '#src/lib/api/contract.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The payment step's submit: a tokenized card, a saved card or the store card, and the billing address. */
export const POST = apiEndpoint(API.submitPayment, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await locals.commerce.checkout.submitPayment(input)) }),
);
