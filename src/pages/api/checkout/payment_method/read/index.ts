import { API } from '#src/lib/api/contract.ts';
import { savedCardsToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The signed-in shopper's saved cards (checkout spec §7: body is saved wallets); empty for a guest. */
export const POST = apiEndpoint(API.savedCards, async ({ locals }) => {
  const checkout = await locals.commerce.checkout.read();
  return success(savedCardsToWire(checkout), { _flash: checkout._flash });
});
