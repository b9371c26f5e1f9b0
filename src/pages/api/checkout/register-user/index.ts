import { API } from '#src/lib/api/contract.ts';
import { signInAs } from '#src/server/accounts/customer-facade.ts';
import { registerWithGuestOrder } from '#src/server/orders/orders-facade.ts';
import { readOrderCookie } from '#src/server/http/order-cookie.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { signInToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/**
 * Registration after a guest order (order confirmation page): the order is this browser's (its order cookie; the
 * body's orderId must name the same order), the e-mail must be the order's, the order must not belong to an account
 * yet; the order joins the new account, which is then signed in.
 */
export const POST = apiEndpoint(API.registerAfterOrder, async (context, input) => {
  const customer = await registerWithGuestOrder(input, readOrderCookie(context.cookies), clientAddress(context));
  return success(signInToWire(await signInAs(context, customer, false)), { message: 'Your account has been created.' });
});
