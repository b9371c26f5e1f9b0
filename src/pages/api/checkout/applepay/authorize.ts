import { API } from '#src/lib/api/contract.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '#src/lib/checkout/checkout-schemas.ts';
import { BadRequest, bodyReply } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { writeOrderCookie } from '#src/server/http/order-cookie.ts';
import { walletAuthorize } from '#src/server/wallet/wallet-facade.ts';

export const prerender = false;

/**
 * The shopper authorized the payment on the sheet: the order is placed once per Idempotency-Key (a retry replays the
 * first reply, with `Idempotent-Replayed: true`). A refusal answers with its status, the message and the sheet's errors.
 */
export const POST = apiEndpoint(API.walletAuthorize, async (context, input) => {
  const key = context.request.headers.get('idempotency-key');
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new BadRequest('Send an Idempotency-Key header (16 to 128 letters, digits, - or _) with every Apple Pay payment.', 400);
  }
  const { status, result, replayed } = await walletAuthorize(context.locals, key, input);
  if (result.confirmationStatus === 'confirmed' && result.orderId) writeOrderCookie(context, result.orderId);
  return bodyReply(status, result, result.message, replayed ? { 'idempotent-replayed': 'true' } : {});
});
