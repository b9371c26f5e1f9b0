import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Account recognition for the checkout's e-mail step (the spec needs the registered flag). It necessarily tells
 * whether an address has an account, so it is rate-limited per client address.
 */
export const POST = apiEndpoint(API.recogniseEmail, async ({ locals }, { email }) =>
  success(await locals.commerce.customer.recogniseEmail({ email })),
);
