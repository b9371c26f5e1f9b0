import { API } from '#src/lib/api/contract.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';
import { writeGuestPreScreenCookie } from '#src/web/http/rtps-cookie.ts';

export const prerender = false;

/** The store card offer for the shopper's bag (pre-screened once per session and bag); a guest's pre-screen data kept in a cookie. */
export const POST = apiEndpoint(API.rtpsDetails, async (context, { preScreenData }) => {
  const { offer, guestPreScreenData } = await context.locals.commerce.storeCardOffer.prescreen({ inCheckout: preScreenData.isPrescreenedInCheckout });
  if (guestPreScreenData) writeGuestPreScreenCookie(context, guestPreScreenData);
  return success({ plccInfo: { offer }, guestPreScreenData });
});
