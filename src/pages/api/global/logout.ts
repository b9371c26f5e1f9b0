import { config } from '../../../server/config.ts';
import { getDb } from '../../../server/db/database.ts';
import { endCustomerSession } from '../../../server/accounts/sign-in.ts';
import { writeSessionCookies } from '../../../server/session/cookies.ts';
import { endpoint, success } from '../../../server/http/api.ts';

export const prerender = false;

/** Signs out: the session row is deleted (its cookie is worthless from now on) and a fresh guest session begins. */
export const POST = endpoint(async (context) => {
  const current = await context.locals.session();
  const { token, session, ttl } = await endCustomerSession(await getDb(), current, config().SESSION_TTL_SECONDS);
  writeSessionCookies(context, token, session, ttl);
  return success({ authenticated: false });
});
