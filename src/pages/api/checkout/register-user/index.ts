import { API } from '#src/lib/api/contract.ts';
import { signInToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { readOrderCookie } from '#src/web/http/order-cookie.ts';

export const prerender = false;

/**
 * Registration after a guest order (order confirmation page): the order is this browser's (its order cookie; the
 * body's orderId must name the same order), the e-mail must be the order's, the order must not belong to an account
 * yet; the order joins the new account, which is then signed in.
 */
export const POST = apiEndpoint(API.registerAfterOrder, async ({ locals, cookies }, input) => {
  const reply = await locals.commerce.customer.registerWithGuestOrder({ ...input, orderReference: readOrderCookie(cookies) });
  return success(signInToWire(reply), { message: 'Your account has been created.' });
});
