import { API } from '#src/lib/api/contract.ts';
import { LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { signIn } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { signInToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.signIn, async (context, input) =>
  success(signInToWire(await signIn(context, input, clientAddress(context))), { message: LOGIN_SUCCESS }),
);
