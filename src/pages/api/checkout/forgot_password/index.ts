import { API } from '#src/lib/api/contract.ts';
import { forgotPassword } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** The same reply for every well-formed address, known or not. */
export const POST = apiEndpoint(API.forgotPassword, async (context, { email }) => {
  const message = await forgotPassword(email, clientAddress(context));
  return success({ message }, { message });
});
