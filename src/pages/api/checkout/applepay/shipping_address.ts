import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The shopper picked a shipping contact on the payment sheet: the bag priced for it, or the errors the sheet shows. */
export const POST = apiEndpoint(API.walletShippingAddress, async ({ locals }, { shippingContact }) =>
  success(await locals.commerce.wallet.shippingAddress({ contact: shippingContact })),
);
