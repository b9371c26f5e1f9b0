import { EmailOnlySchema } from '../../../../lib/schemas/account.ts';
import { requestPasswordReset, resetSentMessage } from '../../../../server/accounts/reset.ts';
import { clientAddress } from '../../../../server/accounts/http.ts';
import { storeOrigin } from '../../../../server/config.ts';
import { getDb } from '../../../../server/db/database.ts';
import { endpoint, readBody, success } from '../../../../server/http/api.ts';

export const prerender = false;

/** The same reply for every well-formed address, known or not. */
export const POST = endpoint(async (context) => {
  const { email } = await readBody(context.request, EmailOnlySchema);
  await requestPasswordReset(await getDb(), email, clientAddress(context), storeOrigin());
  return success({ message: resetSentMessage(email) }, { message: resetSentMessage(email) });
});
