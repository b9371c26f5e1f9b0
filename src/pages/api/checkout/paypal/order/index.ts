import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { idempotencyKey } from '#src/web/http/idempotency-key.ts';

export const prerender = false;

/** Express checkout: PayPal's order for the visitor's bag, made once per Idempotency-Key. */
export const POST = apiEndpoint(API.createExpressOrder, async ({ locals, request }, input) =>
  success(await locals.commerce.checkout.createExpressOrder({ idempotencyKey: idempotencyKey(request, 'PayPal order'), from: input.from ?? 'bag' })),
);
