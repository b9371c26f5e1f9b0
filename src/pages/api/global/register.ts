import { API } from '#src/lib/api/contract.ts';
import { register } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { signInToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** Creates an account from the /register form and signs the shopper in (their guest bag comes along). */
export const POST = apiEndpoint(API.register, async (context, input) =>
  success(signInToWire(await register(context, input, clientAddress(context))), { message: 'Your account has been created.' }),
);
