import type { APIContext } from 'astro';
import type { API } from '#src/lib/api/contract.ts';
import type { InputOf } from '#src/lib/api/endpoint.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { idempotencyKey } from '#src/web/http/idempotency-key.ts';
import { placementReply } from '#src/web/http/placement-reply.ts';

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
      const key = idempotencyKey(context.request, 'order placement');
      return placementReply(context, await context.locals.commerce.checkout.placeOrder({ idempotencyKey: key, order: input, requirePayment }));
    },
    ORDER_TECHNICAL_PROBLEM,
  );
}
