import { RegisterSchema } from '../../../lib/schemas/account.ts';
import { createCustomer } from '../../../server/accounts/accounts.ts';
import { limitRegistrations, signInReply } from '../../../server/accounts/http.ts';
import { getDb } from '../../../server/db/database.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

/** Creates an account from the /register form and signs the shopper in (their guest bag comes along). */
export const POST = endpoint(async (context) => {
  const input = await readBody(context.request, RegisterSchema);
  await limitRegistrations(await getDb(), context);
  const customer = await createCustomer(await getDb(), input);
  return success(await signInReply(context, customer, input.keepMeSignedIn), { message: 'Your account has been created.' });
});
