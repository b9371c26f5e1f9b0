import { API } from '#src/lib/api/contract.ts';
import { submitPayment } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';
import { clientAddress } from '#src/server/http/client-address.ts';

export const prerender = false;

/** The payment step's submit: a tokenized card, a saved card or the store card, and the billing address. */
export const POST = apiEndpoint(API.submitPayment, async (context, input) =>
  success({ checkout: checkoutToWire(await submitPayment(context.locals, input, clientAddress(context))) }),
);
