import { API } from '#src/lib/api/contract.ts';
import { LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { signInToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Signs in (counted per client address and device token); the session's and device's cookies come with the reply. */
export const POST = apiEndpoint(API.signIn, async ({ locals }, input) =>
  success(signInToWire(await locals.commerce.customer.signIn(input)), { message: LOGIN_SUCCESS }),
);
