import { API } from '#src/lib/api/contract.ts';
import { resetPassword } from '#src/server/accounts/customer-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { signInToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** Sets the new password from a reset link, ends every session of the account, and signs this browser in. */
export const POST = apiEndpoint(API.resetPassword, async (context, { token, password }) =>
  success(signInToWire(await resetPassword(context, token, password)), { message: 'Your password has been changed.' }),
);
