import { API } from '#src/lib/api/contract.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { placementReply } from '#src/web/http/placement-reply.ts';

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
  const reply = await context.locals.commerce.checkout.placeExpressOrder({
    orderId: input.orderId,
    from,
    confirmedAmountDue: from === 'payment' ? (input.amountDue ?? null) : null,
  });
  return placementReply(context, reply);
});
