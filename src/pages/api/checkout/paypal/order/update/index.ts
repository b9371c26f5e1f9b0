import { API } from '#src/lib/api/contract.ts';
import { placeExpressOrder } from '#src/server/checkout/checkout-facade.ts';
import { bodyReply } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { writeOrderCookie } from '#src/server/http/order-cookie.ts';

export const prerender = false;

/**
 * The shopper approved PayPal's order: ours is placed, once (a second approval or a retry replays the first reply,
 * with `Idempotent-Replayed: true`). A refusal answers with its status, the bag and the message; PayPal's address that
 * the bag cannot ship to answers 409 with its message, nothing held (`checkoutFromCart`: started from the bag, the
 * default, so PayPal's payer and address are the checkout's; from the payment step, `amountDue` is the total it showed).
 */
export const PUT = apiEndpoint(API.placeExpressOrder, async (context, input) => {
  const from = input.checkoutFromCart === false ? 'payment' : 'bag';
  // Only the checkout's own total confirms an amount: from the bag, the store's review page does (return.astro).
  const { status, result, replayed } = await placeExpressOrder(
    context.locals,
    input.orderId,
    from,
    from === 'payment' ? (input.amountDue ?? null) : null,
  );
  if (result.confirmationStatus === 'confirmed' && result.orderId) writeOrderCookie(context, result.orderId);
  return bodyReply(status, result, result.message, replayed ? { 'idempotent-replayed': 'true' } : {});
});
