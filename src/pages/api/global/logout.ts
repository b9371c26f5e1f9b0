import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Signs out: the session row is deleted (its cookie is worthless from then on) and the cookies are removed. No
 * guest session is made: the next add to the bag starts one.
 */
export const POST = apiEndpoint(API.signOut, async ({ locals }) => {
  await locals.commerce.customer.signOut();
  return success({ authenticated: false as const });
});
