import { readCheckout } from '#src/server/checkout/checkout-facade.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The signed-in shopper's saved cards (checkout spec §7: body is saved wallets); empty for a guest. */
export const POST = endpoint(async ({ locals }) => {
  const checkout = await readCheckout(locals);
  return success(checkout.savedCards, { _flash: checkout._flash });
});
