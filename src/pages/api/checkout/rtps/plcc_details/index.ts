import { API } from '#src/lib/api/contract.ts';
import { checkoutToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The store card application on the shopper's offer: its result and view; an approval replaces the basket (paid with the card). */
export const POST = apiEndpoint(API.rtpsPlccDetails, async ({ locals }, { plccData }) => {
  const { checkout, ...application } = await locals.commerce.storeCardOffer.apply(plccData);
  const wire = checkoutToWire(checkout);
  return success({ basketId: wire.basket.basketId ?? '', application, checkout: wire });
});
