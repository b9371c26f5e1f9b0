import { ResetPasswordSchema } from '#src/lib/schemas/account.ts';
import { resetPassword } from '#src/server/accounts/customer-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Sets the new password from a reset link, ends every session of the account, and signs this browser in. */
export const POST = endpoint(async (context) => {
  const { token, password } = await readBody(context.request, ResetPasswordSchema);
  return success(await resetPassword(context, token, password), { message: 'Your password has been changed.' });
});
