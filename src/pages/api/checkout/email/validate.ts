import { API } from '#src/lib/api/contract.ts';
import { recogniseEmail } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/**
 * Account recognition for the checkout's e-mail step (the spec needs the registered flag). It necessarily tells
 * whether an address has an account, so it is rate-limited per client address.
 */
export const POST = apiEndpoint(API.recogniseEmail, async (context, { email }) => success(await recogniseEmail(email, clientAddress(context))));
