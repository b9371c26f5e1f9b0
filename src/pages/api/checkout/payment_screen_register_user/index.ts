import { API } from '#src/lib/api/contract.ts';
import { register } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { signInToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/**
 * Guest account creation at the payment step (checkout spec §4): the account is made and the shopper signed in;
 * the bag, with what was entered in checkout, is the new account's bag.
 */
export const POST = apiEndpoint(API.registerAtPayment, async (context, input) => {
  const reply = await register(
    context,
    { firstName: input.first_name, lastName: input.last_name, email: input.email, password: input.password, keepMeSignedIn: false },
    clientAddress(context),
  );
  return success({ ...signInToWire(reply), authenticated: true as const }, { message: 'Your account has been created.' });
});
