import type { APIContext } from 'astro';
import type { API } from '#src/lib/api/contract.ts';
import type { InputOf } from '#src/lib/api/endpoint.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '#src/lib/checkout/checkout-schemas.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { placeOrder } from '#src/server/checkout/checkout-facade.ts';
import { BadRequest, bodyReply } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { writeOrderCookie } from '#src/server/http/order-cookie.ts';

type Placement = typeof API.placeOrder | typeof API.placePaidOrder;

/**
 * The order placement endpoints (place_order for any total, payment_place_order/create/ when there is something to
 * pay): the Idempotency-Key header is required; a replayed reply says so in `Idempotent-Replayed: true`. A refused
 * placement answers with its status and the same body as a confirmed one. While the database is out of reach the
 * answer is a 503 with the spec's technical error and no result: the browser keeps the key, and its retry places the
 * order once (src/lib/stores/checkout.ts). The leading underscore keeps this file
 * from being a route of its own.
 */
export function placeOrderEndpoint(entry: Placement, requirePayment: boolean) {
  return apiEndpoint(
    entry,
    async (context: APIContext, input: InputOf<Placement>) => {
      const key = context.request.headers.get('idempotency-key');
      if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
        throw new BadRequest('Send an Idempotency-Key header (16 to 128 letters, digits, - or _) with every order placement.', 400);
      }
      const { status, result, replayed } = await placeOrder(context.locals, key, input, requirePayment);
      if (result.confirmationStatus === 'confirmed' && result.orderId) writeOrderCookie(context, result.orderId);
      const headers: Record<string, string> = replayed ? { 'idempotent-replayed': 'true' } : {};
      return bodyReply(status, result, result.message, headers);
    },
    ORDER_TECHNICAL_PROBLEM,
  );
}
