import { JoinWaitlistSchema } from '../../../lib/schemas/shopper-lists.ts';
import { engine } from '../../../server/commerce/engine.ts';
import { BadRequest, endpoint, readBody, success } from '../../../server/http/api.ts';
import { clientAddress } from '../../../server/accounts/http.ts';
import { hit, LIMITS } from '../../../server/accounts/throttle.ts';
import { getDb } from '../../../server/db/database.ts';

export const prerender = false;

/** Signs an e-mail up for a sold-out size (skuId, emailId). */
export const POST = endpoint(async (context) => {
  const { skuId, emailId } = await readBody(context.request, JoinWaitlistSchema);
  // Each sign-up may become an e-mail to that address: limit how many one client can make.
  if (await hit(await getDb(), `waitlist:addr:${clientAddress(context)}`, LIMITS.waitlistPerAddress)) {
    throw new BadRequest('Too many requests. Please wait a few minutes and try again.', 429);
  }
  await (await engine()).joinWaitlist(skuId, emailId);
  return success({ skuId, success: true }, { message: "You're on the list. We'll email you when it's back." });
});
