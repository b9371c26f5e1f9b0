import { RegisterSchema } from '#src/lib/schemas/account.ts';
import { register } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Creates an account from the /register form and signs the shopper in (their guest bag comes along). */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, RegisterSchema);
  return success(await register(context, input, clientAddress(context)), { message: 'Your account has been created.' });
});
