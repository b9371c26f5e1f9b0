import { API } from '#src/lib/api/contract.ts';
import { bagToWire, checkoutToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * Chooses the bag's shipping method (the bag page, and the checkout's shipping step as the shopper picks one);
 * with `confirm`, the checkout's shipping step is submitted and the reply carries the checkout.
 */
export const POST = apiEndpoint(API.chooseShippingMethod, async ({ locals }, { shippingMethodId, confirm }) => {
  if (confirm) {
    const checkout = checkoutToWire(await locals.commerce.checkout.submitShippingMethod({ methodId: shippingMethodId }));
    return success({ basket: checkout.basket, checkout });
  }
  return success({ basket: bagToWire(await locals.commerce.checkout.chooseShippingMethod({ methodId: shippingMethodId })) });
});
