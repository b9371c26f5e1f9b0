import * as v from 'valibot';
import { Email } from '#src/lib/schemas/email.ts';
import { RegisterSchema } from '#src/lib/schemas/account.ts';
import { register } from '#src/server/accounts/customer-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const PaymentScreenRegisterSchema = v.object({
  first_name: RegisterSchema.entries.firstName,
  last_name: RegisterSchema.entries.lastName,
  email: Email,
  password: RegisterSchema.entries.password,
});

/**
 * Guest account creation at the payment step (checkout spec §4): the account is made and the shopper signed in;
 * the bag, with what was entered in checkout, is the new account's bag.
 */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, PaymentScreenRegisterSchema);
  const reply = await register(
    context,
    { firstName: input.first_name, lastName: input.last_name, email: input.email, password: input.password, keepMeSignedIn: false },
    clientAddress(context),
  );
  return success({ ...reply, authenticated: true }, { message: 'Your account has been created.' });
});
