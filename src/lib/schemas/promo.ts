import * as v from 'valibot';
import { ID_MAX_LENGTH } from '../constants.ts';
import { CODE_INVALID } from '../promo-code.ts';

/**
 * The bag's code field and coupon removal (checkout spec §7: basket/update with the code and pageType,
 * basket/delete with couponItemId). Length and character rules of the code itself are the code field's
 * (src/lib/promo-code.ts), applied after spaces and hyphens are removed; this only bounds the raw input.
 */
const RAW_CODE_MAX = 40;
const optionalText = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max)));

const rawCode = v.pipe(v.optional(v.string(CODE_INVALID), ''), v.trim(), v.maxLength(RAW_CODE_MAX, CODE_INVALID));

/**
 * A code, or rewardBrand alone (zq, dia: a brand programme's rewards dollars applied as a tender). A gift card's
 * number may come as the checkout spec's `gitfCardNumber` (spelled so) and a certificate's as
 * `rewardCertificateNumber`: either stands for `code` when `code` is empty.
 */
export const ApplyCodeSchema = v.pipe(
  v.object({
    code: rawCode,
    gitfCardNumber: rawCode,
    rewardCertificateNumber: rawCode,
    /** Gift card pin; the spec's payload calls it giftCardPin, the promo form pin. */
    pin: optionalText(8),
    giftCardPin: optionalText(8),
    pageType: v.optional(v.picklist(['cart', 'checkout'], 'pageType is cart or checkout.'), 'cart'),
    page: optionalText(32),
    rewardBrand: optionalText(16),
  }),
  v.transform(({ gitfCardNumber, rewardCertificateNumber, ...input }) => ({
    ...input,
    code: input.code || gitfCardNumber || rewardCertificateNumber,
  })),
  v.forward(
    v.partialCheck([['code'], ['rewardBrand']], (i) => i.code.length > 0 || !!i.rewardBrand, CODE_INVALID),
    ['code'],
  ),
);

export const DeleteFromBasketSchema = v.object({
  couponItemId: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(ID_MAX_LENGTH))),
  paymentInstrumentId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ID_MAX_LENGTH))),
  hasShippingPromotions: v.optional(v.boolean()),
});

export const PromotionReadSchema = v.object({
  promotionId: v.pipe(v.optional(v.string(), ''), v.trim(), v.minLength(1, 'promotionId is required.'), v.maxLength(ID_MAX_LENGTH)),
});
