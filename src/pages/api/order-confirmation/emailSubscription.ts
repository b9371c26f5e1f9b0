import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * The e-mail sign-up (checkout spec §7 emailSubscription), from the footer of every page and from the order
 * confirmation alike: the same rules, the same answer whether or not the address was signed up already.
 */
export const POST = apiEndpoint(API.subscribeEmail, async ({ locals }, { email, salesChannel, place }) => {
  await locals.commerce.marketing.subscribe({ email, place, salesChannel });
  return success({ success: true as const });
});
