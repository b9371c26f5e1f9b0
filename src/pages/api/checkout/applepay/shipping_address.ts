import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { walletShippingAddress } from '#src/server/wallet/wallet-facade.ts';

export const prerender = false;

/** The shopper picked a shipping contact on the payment sheet: the bag priced for it, or the errors the sheet shows. */
export const POST = apiEndpoint(API.walletShippingAddress, async ({ locals }, { shippingContact }) =>
  success(await walletShippingAddress(locals, shippingContact)),
);
