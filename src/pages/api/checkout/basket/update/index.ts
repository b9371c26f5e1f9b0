import { API } from '#src/lib/api/contract.ts';
import { applyCode } from '#src/server/bag/basket-facade.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { bagToWire } from '#src/lib/api/wire.ts';
import { clientAddress } from '#src/server/http/client-address.ts';

export const prerender = false;

/**
 * The code field: a coupon is applied to the bag; a gift card (with giftCardPin) or a signed-in shopper's reward
 * certificate becomes a tender on it, as does a brand programme's rewards dollars (rewardBrand zq or dia, no code);
 * a retailer card reward is answered (see coupons.ts). Wrong PINs are counted per card and per client address.
 */
export const POST = apiEndpoint(API.applyCode, async (context, input) => {
  const { request, locals } = context;
  const { basket, message, ...applied } = await applyCode(
    locals,
    input.code,
    input.pin ?? input.giftCardPin ?? '',
    clientAddress(context),
    input.rewardBrand,
  );
  return success({ basket: bagToWire(basket), message, ...applied }, { message });
});
