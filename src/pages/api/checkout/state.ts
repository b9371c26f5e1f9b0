import { API } from '#src/lib/api/contract.ts';
import { expressButtons, readCheckout, tokenizationTarget } from '#src/server/checkout/checkout-facade.ts';
import { addressSuggestionsEnabled } from '#src/server/checkout/address-facade.ts';
import { success } from '#src/server/http/api.ts';
import { walletOffered } from '#src/server/wallet/wallet-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/**
 * The checkout as the server holds it (the bag, what the shopper has entered, the flash list), and where the
 * browser tokenizes a card and whether address suggestions are on, the express checkout's web payment buttons and whether the wallet is offered (the page is static, so these come with the first
 * read).
 */
export const GET = apiEndpoint(API.checkoutState, async ({ locals }) =>
  success({
    checkout: checkoutToWire(await readCheckout(locals)),
    tokenization: tokenizationTarget(),
    addressSuggestions: addressSuggestionsEnabled(),
    webPayment: expressButtons(),
    wallet: walletOffered(),
  }),
);
