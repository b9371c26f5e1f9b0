import { API } from '#src/lib/api/contract.ts';
import { signInToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Guest account creation at the payment step (checkout spec §4): the account is made and the shopper signed in;
 * the bag, with what was entered in checkout, is the new account's bag.
 */
export const POST = apiEndpoint(API.registerAtPayment, async ({ locals }, input) => {
  const reply = await locals.commerce.customer.register({
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    password: input.password,
    keepMeSignedIn: false,
  });
  return success({ ...signInToWire(reply), authenticated: true as const }, { message: 'Your account has been created.' });
});
