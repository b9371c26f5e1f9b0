import { EmailOnlySchema } from '#src/lib/schemas/account.ts';
import { recogniseEmail } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/**
 * Account recognition for the checkout's e-mail step (the spec needs the registered flag). It necessarily tells
 * whether an address has an account, so it is rate-limited per client address.
 */
export const POST = endpoint(async (context) => {
  const { email } = await readBody(context.request, EmailOnlySchema);
  return success(await recogniseEmail(email, clientAddress(context)));
});
