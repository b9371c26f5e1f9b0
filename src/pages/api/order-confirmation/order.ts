import { API } from '#src/lib/api/contract.ts';
import { NO_RECENT_ORDER } from '#src/lib/checkout/order-messages.ts';
import { readOrderCookie } from '#src/web/http/order-cookie.ts';
import { failure, success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The order this browser just placed (order cookie, 1 day), for the confirmation page's island. */
export const POST = apiEndpoint(API.orderConfirmation, async ({ cookies, locals }) => {
  const order = await locals.commerce.orders.confirmation({ orderReference: readOrderCookie(cookies) });
  return order ? success({ order }) : failure(404, NO_RECENT_ORDER);
});
