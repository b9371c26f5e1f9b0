import { API } from '#src/lib/api/contract.ts';
import { signInToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Creates an account from the /register form and signs the shopper in (their guest bag comes along). */
export const POST = apiEndpoint(API.register, async ({ locals }, input) =>
  success(signInToWire(await locals.commerce.customer.register(input)), { message: 'Your account has been created.' }),
);
