import { API } from '#src/lib/api/contract.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/**
 * The code field: a coupon is applied to the bag; a gift card (with giftCardPin) or a signed-in shopper's reward
 * certificate becomes a tender on it, as does a brand programme's rewards dollars (rewardBrand zq or dia, no code);
 * a retailer card reward is answered (see coupons.ts). Wrong PINs are counted per card and per client address.
 */
export const POST = apiEndpoint(API.applyCode, async ({ locals }, input) => {
  const { basket, message, ...applied } = await locals.commerce.bag.applyCode({
    code: input.code,
    pin: input.pin ?? input.giftCardPin ?? '',
    rewardBrand: input.rewardBrand,
  });
  return success({ basket: bagToWire(basket), message, ...applied }, { message });
});
