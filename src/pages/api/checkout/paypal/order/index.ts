import { API } from '#src/lib/api/contract.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '#src/lib/checkout/checkout-schemas.ts';
import { createExpressOrder } from '#src/server/checkout/checkout-facade.ts';
import { BadRequest, success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** Express checkout: PayPal's order for the visitor's bag, made once per Idempotency-Key. */
export const POST = apiEndpoint(API.createExpressOrder, async (context, input) => {
  const key = context.request.headers.get('idempotency-key');
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequest('Send an Idempotency-Key header (16 to 128 letters, digits, - or _) with every PayPal order.', 400);
  }
  return success(await createExpressOrder(context.locals, key, input.from ?? 'bag'));
});
