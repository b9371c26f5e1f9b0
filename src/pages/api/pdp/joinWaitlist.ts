import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Signs an e-mail up for a sold-out size (skuId, emailId); counted per client address. */
export const POST = apiEndpoint(API.joinWaitlist, async ({ locals }, { skuId, emailId }) => {
  await locals.commerce.lists.joinWaitlist({ sku: skuId, email: emailId });
  return success({ skuId, success: true as const }, { message: "You're on the list. We'll email you when it's back." });
});
