import { EmailOnlySchema } from '../../../../lib/schemas/account.ts';
import { isRegistered } from '../../../../server/accounts/accounts.ts';
import { clientAddress } from '../../../../server/accounts/http.ts';
import { hit, LIMITS } from '../../../../server/accounts/throttle.ts';
import { getDb } from '../../../../server/db/database.ts';
import { BadRequest, endpoint, readBody, success } from '../../../../server/http/api.ts';

export const prerender = false;

/**
 * Account recognition for the checkout's e-mail step (the spec needs the registered flag). It necessarily tells
 * whether an address has an account, so it is rate-limited per client address.
 */
export const POST = endpoint(async (context) => {
  const { email } = await readBody(context.request, EmailOnlySchema);
  const db = await getDb();
  if (await hit(db, `lookup:addr:${clientAddress(context)}`, LIMITS.emailLookupPerAddress)) {
    throw new BadRequest('Too many requests. Please wait a minute and try again.', 429);
  }
  return success({ email, registered: await isRegistered(db, email) });
});
