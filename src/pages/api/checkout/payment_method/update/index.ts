import { PaymentStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { submitPayment } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The payment step's submit: a tokenized card (or a saved card) and the billing address. */
export const POST = endpoint(async ({ request, locals }) =>
  success({ checkout: await submitPayment(locals, await readBody(request, PaymentStepSchema)) }),
);
