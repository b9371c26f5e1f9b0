import { EmailOnlySchema } from '#src/lib/schemas/account.ts';
import { forgotPassword } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The same reply for every well-formed address, known or not. */
export const POST = endpoint(async (context) => {
  const { email } = await readBody(context.request, EmailOnlySchema);
  const message = await forgotPassword(email, clientAddress(context));
  return success({ message }, { message });
});
