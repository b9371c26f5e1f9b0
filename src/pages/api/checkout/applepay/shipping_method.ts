import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The shopper picked a shipping method on the payment sheet: it becomes the bag's, and the sheet gets new totals. */
export const POST = apiEndpoint(API.walletShippingMethod, async ({ locals }, { identifier, shippingContact }) =>
  success(await locals.commerce.wallet.shippingMethod({ identifier, contact: shippingContact })),
);
