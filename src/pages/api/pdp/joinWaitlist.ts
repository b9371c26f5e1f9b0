import { API } from '#src/lib/api/contract.ts';
import { joinWaitlist } from '#src/server/accounts/customer-lists-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** Signs an e-mail up for a sold-out size (skuId, emailId); counted per client address. */
export const POST = apiEndpoint(API.joinWaitlist, async (context, { skuId, emailId }) => {
  await joinWaitlist(skuId, emailId, clientAddress(context));
  return success({ skuId, success: true as const }, { message: "You're on the list. We'll email you when it's back." });
});
