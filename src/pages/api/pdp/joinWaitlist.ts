import { JoinWaitlistSchema } from '../../../lib/schemas/shopper-lists.ts';
import { engine } from '../../../server/commerce/engine.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

/** Signs an e-mail up for a sold-out size (skuId, emailId). */
export const POST = endpoint(async ({ request }) => {
  const { skuId, emailId } = await readBody(request, JoinWaitlistSchema);
  await (await engine()).joinWaitlist(skuId, emailId);
  return success({ skuId, success: true }, { message: "You're on the list. We'll email you when it's back." });
});
