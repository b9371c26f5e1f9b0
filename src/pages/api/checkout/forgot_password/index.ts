import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The same reply for every well-formed address, known or not. */
export const POST = apiEndpoint(API.forgotPassword, async ({ locals }, { email }) => {
  const message = await locals.commerce.customer.forgotPassword({ email });
  return success({ message }, { message });
});
