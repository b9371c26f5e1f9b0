import type { APIContext } from 'astro';
import { PlaceOrderSchema, IDEMPOTENCY_KEY_PATTERN } from '#src/lib/checkout/checkout-schemas.ts';
import { placeOrder } from '#src/server/checkout/checkout-facade.ts';
import { BadRequest, endpoint, json, readBody } from '#src/server/http/api.ts';
import { writeOrderCookie } from '#src/server/http/order-cookie.ts';

/**
 * The order placement endpoints (place_order for any total, payment_place_order/create/ when there is something to
 * pay): the Idempotency-Key header is required; a replayed reply says so in `Idempotent-Replayed: true`. The leading
 * underscore keeps this file from being a route of its own.
 */
export function placeOrderEndpoint(requirePayment: boolean) {
  return endpoint(async (context: APIContext) => {
    const key = context.request.headers.get('idempotency-key');
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new BadRequest('Send an Idempotency-Key header (16 to 128 letters, digits, - or _) with every order placement.', 400);
    }
    const input = await readBody(context.request, PlaceOrderSchema);
    const { status, result, replayed } = await placeOrder(context.locals, key, input, requirePayment);
    if (result.confirmationStatus === 'confirmed' && result.orderId) writeOrderCookie(context, result.orderId);
    const headers: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
    if (status >= 400) return json({ status: 'error', message: result.message, body: result }, status, headers);
    return json({ status: 'success', body: result }, status, headers);
  });
}
