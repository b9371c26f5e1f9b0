import { JoinWaitlistSchema } from '#src/lib/schemas/shopper-lists.ts';
import { joinWaitlist } from '#src/server/accounts/customer-lists-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Signs an e-mail up for a sold-out size (skuId, emailId); counted per client address. */
export const POST = endpoint(async (context) => {
  const { skuId, emailId } = await readBody(context.request, JoinWaitlistSchema);
  await joinWaitlist(skuId, emailId, clientAddress(context));
  return success({ skuId, success: true }, { message: "You're on the list. We'll email you when it's back." });
});
