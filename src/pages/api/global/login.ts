import { LoginSchema } from '#src/lib/schemas/account.ts';
import { LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { signIn } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, LoginSchema);
  return success(await signIn(context, input, clientAddress(context)), { message: LOGIN_SUCCESS });
});
