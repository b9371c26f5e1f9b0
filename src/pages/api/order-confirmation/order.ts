import { orderConfirmation } from '#src/server/orders/orders-facade.ts';
import { readOrderCookie } from '#src/server/http/order-cookie.ts';
import { endpoint, failure, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The order this browser just placed (order cookie, 1 day), for the confirmation page's island. */
export const POST = endpoint(async ({ cookies }) => {
  const order = await orderConfirmation(readOrderCookie(cookies));
  return order ? success({ order }) : failure(404, 'We could not find a recent order in this browser.');
});
