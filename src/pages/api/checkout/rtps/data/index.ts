import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The shopper saw the store card offer (VIEWED) or answered NO (the first NO makes the rebuttal eligible). */
export const POST = apiEndpoint(API.rtpsData, async ({ locals }, { offerResponse }) =>
  success({ plccInfo: { offer: await locals.commerce.storeCardOffer.respond({ event: offerResponse === 'NO' ? 'no' : 'viewed' }) } }),
);
