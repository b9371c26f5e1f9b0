import * as v from 'valibot';
import type {
  BasketSummary,
  BasketView,
  BonusDiscountLineItemView,
  CouponItemView,
  LineItemView,
  PriceAdjustmentView,
  ShippingMethodView,
} from '../../commerce-types.ts';
import { exactly } from './exact.ts';

/** The bag as every bag and checkout reply carries it (src/lib/commerce-types.ts BasketView); money in cents. */
const Cents = v.number();
const Points = v.number();
const Text = v.string();
const NullableText = v.nullable(v.string());

const PriceAdjustment = exactly<PriceAdjustmentView>()(v.object({ promotionId: Text, couponCode: NullableText, price: Cents, itemText: Text }));

const LineItem = exactly<LineItemView>()(
  v.object({
    itemId: Text,
    productId: Text,
    masterId: Text,
    productName: Text,
    brand: Text,
    quantity: v.number(),
    price: Cents,
    basePrice: Cents,
    c_productType: v.number(),
    c_productImageUrl: Text,
    colorName: Text,
    sizeLabel: NullableText,
    optionItems: v.array(v.object({ optionId: v.literal('hemming'), optionValueId: Text, price: Cents, itemText: Text })),
    priceAdjustments: v.array(PriceAdjustment),
    bonusProductLineItem: v.boolean(),
    bonusDiscountLineItemId: NullableText,
    showRestrictedShippingStateMessage: v.boolean(),
    c_hemmingInseamLength: NullableText,
    c_giftCardRecipient: NullableText,
    c_giftCardSender: NullableText,
    c_giftCardRecipientEmail: NullableText,
    giftMessage: NullableText,
    c_lineItemDetails: v.object({
      productUrl: Text,
      variationModelMasterId: Text,
      original_price_value: Cents,
      sale_price_value: Cents,
      maxOrderQuantity: v.number(),
      isHemmable: v.boolean(),
      availabilityMsg: NullableText,
      isOutOfStock: v.boolean(),
      isOutOfCatalog: v.boolean(),
      specialProductMessagingFlags: v.optional(v.object({ finalSale: v.boolean() })),
    }),
    c_isPOBoxExcluded: v.optional(v.boolean()),
  }),
);

const CouponItem = exactly<CouponItemView>()(
  v.object({
    couponItemId: Text,
    code: Text,
    statusCode: v.picklist(['applied', 'valid but conditions not met', 'invalid/expired']),
    promotionId: NullableText,
    calloutMsg: NullableText,
    message: Text,
    discount: Cents,
  }),
);

const BonusDiscountLineItem = exactly<BonusDiscountLineItemView>()(
  v.object({
    id: Text,
    c_calloutMsg: Text,
    maxBonusItems: v.number(),
    claimed: v.boolean(),
    bonusProducts: v.array(
      v.object({
        productId: Text,
        productName: Text,
        image: Text,
        price: Cents,
        variants: v.array(v.object({ productId: Text, colorName: Text, sizeLabel: NullableText, image: Text, orderable: v.boolean() })),
      }),
    ),
  }),
);

export const SummarySchema = exactly<BasketSummary>()(
  v.object({
    subTotal: Cents,
    couponDiscount: Cents,
    shippingAndHandling: Cents,
    totalTax: Cents,
    isTaxCalculated: v.boolean(),
    orderTotal: Cents,
    youSaved: Cents,
    isDigitalItemsOnly: v.boolean(),
    shippingAddressAvailable: v.boolean(),
    shippingCharge: v.optional(Cents),
    giftCardSurcharges: v.optional(Cents),
    heavyWeightItemSurcharges: v.optional(Cents),
    peakHandlingFee: v.optional(Cents),
    routePackageProtectionFee: v.optional(Cents),
    routeProtectionDisplayValue: v.optional(Text),
    orderIncludesDigitalItem: v.optional(v.boolean()),
    isOnlyEGiftCard: v.optional(v.boolean()),
    isOnlySubscription: v.optional(v.boolean()),
    eDeliveryMessage: v.optional(Text),
    fbbRewardsEarned: v.optional(Points),
    elqRewardsEarned: v.optional(Points),
    diaRewardsEarned: v.optional(Points),
    shippingPerksName: v.optional(NullableText),
    giftCardsApplied: v.optional(Cents),
    rewardsApplied: v.optional(Cents),
    elqRewardsApplied: v.optional(Cents),
    diaRewardsApplied: v.optional(Cents),
    amountDue: v.optional(Cents),
  }),
);

export const BasketSchema = exactly<BasketView>()(
  v.object({
    basketId: NullableText,
    c_isGuest: v.optional(v.boolean()),
    customerInfo: v.optional(v.object({ email: NullableText })),
    currency: Text,
    productItems: v.array(LineItem),
    shipments: v.array(
      v.object({
        shipmentId: Text,
        shippingMethod: v.object({ id: Text, name: Text, description: Text, price: Cents }),
        shippingAddress: v.nullable(v.object({ stateCode: Text })),
      }),
    ),
    c_summary: SummarySchema,
    couponItems: v.array(CouponItem),
    isMaxDiscountsApplied: v.boolean(),
    bonusDiscountLineItems: v.array(BonusDiscountLineItem),
    productSubTotal: Cents,
    productTotal: Cents,
    shippingTotal: Cents,
    taxTotal: Cents,
    orderTotal: Cents,
    totalQuantity: v.number(),
    c_lastAddedItemInfo: v.nullable(v.object({ itemId: Text, quantity: v.number(), salePrice: Cents, originalPrice: Cents })),
    c_notices: v.array(Text),
    c_standardDeliveryOnly: v.boolean(),
    c_ecoship: v.optional(v.object({ isEcoshipApplicable: v.boolean(), ecoshipDate: Text, ecoshipDisplayDate: Text })),
    c_isEcoShip: v.optional(v.boolean()),
    c_packageProtection: v.optional(v.object({ fee: Cents, isApplied: v.boolean() })),
    paymentInstruments: v.optional(
      v.array(
        v.object({
          paymentInstrumentId: Text,
          paymentMethodId: Text,
          c_giftCardNumber: NullableText,
          c_rewardCertNumber: v.optional(NullableText),
          gitfCardNumber: v.optional(Text),
          rewardCertificateNumber: v.optional(Text),
          amount: Cents,
          c_balanceLeft: v.optional(Cents),
        }),
      ),
    ),
  }),
);

export const ShippingMethodSchema = exactly<ShippingMethodView>()(
  v.object({
    id: Text,
    name: Text,
    description: Text,
    c_shippingMethodLabel: Text,
    price: Cents,
    originalPrice: Cents,
    productSurcharges: v.optional(v.array(v.object({ itemText: Text, price: Cents }))),
    shipPerksSignUpMsg: v.optional(NullableText),
  }),
);

/** { basket }: every change to the bag answers with the bag as it now is. */
export const BagReply = v.object({ basket: BasketSchema });
export const AddToBagReply = v.object({
  basket: BasketSchema,
  updatedShippingMethod: v.nullable(v.object({ id: Text, name: Text, description: Text, price: Cents })),
});
/** A coupon answers its couponItemId; a gift card, the paymentInstrumentId of its tender. */
export const CodeAppliedReply = v.object({
  basket: BasketSchema,
  message: Text,
  couponItemId: v.optional(Text),
  paymentInstrumentId: v.optional(Text),
});
export const BagIdReply = v.object({ basketId: NullableText });
export const ShippingMethodsReply = v.object({ applicableShippingMethods: v.array(ShippingMethodSchema), defaultShippingMethodId: Text });
export const PromotionReply = v.object({ promotionId: Text, calloutMsg: Text, details: Text, couponCodeID: NullableText });
