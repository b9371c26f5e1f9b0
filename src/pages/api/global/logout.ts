import { API } from '#src/lib/api/contract.ts';
import { signOut } from '#src/server/accounts/customer-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/**
 * Signs out: the session row is deleted (its cookie is worthless from now on) and the cookies are removed. No new
 * guest session is made: the next add to the bag starts one.
 */
export const POST = apiEndpoint(API.signOut, async (context) => {
  await signOut(context);
  return success({ authenticated: false as const });
});
