import { API } from '#src/lib/api/contract.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { idempotencyKey } from '#src/web/http/idempotency-key.ts';
import { placementReply } from '#src/web/http/placement-reply.ts';

export const prerender = false;

/**
 * The shopper authorized the payment on the sheet: the order is placed once per Idempotency-Key (a retry replays the
 * first reply, with `Idempotent-Replayed: true`). A refusal answers with its status, the message and the sheet's errors.
 */
export const POST = apiEndpoint(API.walletAuthorize, async (context, input) => {
  const key = idempotencyKey(context.request, 'Apple Pay payment');
  return placementReply(context, await context.locals.commerce.wallet.authorize({ idempotencyKey: key, payment: input }));
});
