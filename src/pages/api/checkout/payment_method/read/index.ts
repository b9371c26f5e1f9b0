import { API } from '#src/lib/api/contract.ts';
import { readCheckout } from '#src/server/checkout/checkout-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { savedCardsToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The signed-in shopper's saved cards (checkout spec §7: body is saved wallets); empty for a guest. */
export const POST = apiEndpoint(API.savedCards, async ({ locals }) => {
  const checkout = await readCheckout(locals);
  return success(savedCardsToWire(checkout), { _flash: checkout._flash });
});
