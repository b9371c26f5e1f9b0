import { API } from '#src/lib/api/contract.ts';
import { subscribeEmail } from '#src/server/orders/orders-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** E-mail sign-up on the order confirmation (checkout spec §7); the island only logs a failure. */
export const POST = apiEndpoint(API.subscribeEmail, async (_context, { email, salesChannel }) => {
  await subscribeEmail(email, `order-confirmation:${salesChannel}`);
  return success({ success: true as const });
});
