import { API } from '#src/lib/api/contract.ts';
import { checkGiftCardBalance } from '#src/server/gift-cards/gift-card-facade.ts';
import { clientAddress } from '#src/server/http/client-address.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/**
 * A gift card's balance from its number and PIN. An unknown number and a wrong PIN get one answer; wrong tries are
 * limited per card and per client address (src/server/gift-cards/pin-lockout.ts).
 */
export const POST = apiEndpoint(API.giftCardBalance, async (context, input) => success(await checkGiftCardBalance(input, clientAddress(context))));
