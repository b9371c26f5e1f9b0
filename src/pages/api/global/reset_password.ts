import { ResetPasswordSchema } from '../../../lib/schemas/account.ts';
import { resetPassword } from '../../../server/accounts/reset.ts';
import { signInReply } from '../../../server/accounts/http.ts';
import { getDb } from '../../../server/db/database.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

/** Sets the new password from a reset link, ends every session of the account, and signs this browser in. */
export const POST = endpoint(async (context) => {
  const { token, password } = await readBody(context.request, ResetPasswordSchema);
  const customer = await resetPassword(await getDb(), token, password);
  return success(await signInReply(context, customer, false), { message: 'Your password has been changed.' });
});
