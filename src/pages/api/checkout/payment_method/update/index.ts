import { API } from '#src/lib/api/contract.ts';
import { submitPayment } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The payment step's submit: a tokenized card (or a saved card) and the billing address. */
export const POST = apiEndpoint(API.submitPayment, async ({ locals }, input) =>
  success({ checkout: checkoutToWire(await submitPayment(locals, input)) }),
);
