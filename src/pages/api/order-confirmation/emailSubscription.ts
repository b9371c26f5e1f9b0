import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** E-mail sign-up on the order confirmation (checkout spec §7); the island only logs a failure. */
export const POST = apiEndpoint(API.subscribeEmail, async ({ locals }, { email, salesChannel }) => {
  await locals.commerce.orders.subscribeEmail({ email, source: `order-confirmation:${salesChannel}` });
  return success({ success: true as const });
});
