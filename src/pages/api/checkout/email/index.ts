import { EmailStepSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { submitEmail } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) =>
  success({ checkout: await submitEmail(locals, await readBody(request, EmailStepSchema)) }),
);
