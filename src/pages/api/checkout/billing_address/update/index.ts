import { BillingStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { submitBilling } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const PUT = endpoint(async ({ request, locals }) =>
  success({ checkout: await submitBilling(locals, await readBody(request, BillingStepSchema)) }),
);
