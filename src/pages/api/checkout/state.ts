import { API } from '#src/lib/api/contract.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * The checkout as the server holds it (the bag, what the shopper has entered, the flash list), and where the
 * browser tokenizes a card and whether address suggestions are on, the express checkout's web payment buttons and
 * whether the wallet is offered (the page is static, so these come with the first read).
 */
export const GET = apiEndpoint(API.checkoutState, async ({ locals }) => {
  const [checkout, options] = await Promise.all([locals.commerce.checkout.read(), locals.commerce.checkout.options()]);
  return success({
    checkout: checkoutToWire(checkout),
    tokenization: options.tokenization,
    addressSuggestions: options.addressSuggestions,
    webPayment: options.webPayment,
    wallet: options.wallet,
  });
});
