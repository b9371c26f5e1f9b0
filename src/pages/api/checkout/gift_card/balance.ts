import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * A gift card's balance from its number and PIN. An unknown number and a wrong PIN get one answer; wrong tries are
 * limited per card and per client address (src/server/gift-cards/pin-lockout.ts).
 */
export const POST = apiEndpoint(API.giftCardBalance, async ({ locals }, input) => success(await locals.commerce.giftCards.balance(input)));
