import { LoginSchema } from '../../../lib/schemas/account.ts';
import { authenticate } from '../../../server/accounts/accounts.ts';
import { clientAddress, presentedDeviceCookie, signInReply } from '../../../server/accounts/http.ts';
import { getDb } from '../../../server/db/database.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async (context) => {
  const { email, password, keepMeSignedIn } = await readBody(context.request, LoginSchema);
  const customer = await authenticate(await getDb(), email, password, clientAddress(context), presentedDeviceCookie(context));
  return success(await signInReply(context, customer, keepMeSignedIn), { message: 'Login completed successfully' });
});
