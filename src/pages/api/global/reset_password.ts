import { API } from '#src/lib/api/contract.ts';
import { signInToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Sets the new password from a reset link, ends every session of the account, and signs this browser in. */
export const POST = apiEndpoint(API.resetPassword, async ({ locals }, { token, password }) =>
  success(signInToWire(await locals.commerce.customer.resetPassword({ token, password })), { message: 'Your password has been changed.' }),
);
