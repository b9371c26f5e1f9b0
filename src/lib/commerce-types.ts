import type { CouponStatus } from './promo-code.ts';

/**
 * Isomorphic: imported by islands and by the server, so it holds types only.
 * The spec's reply shapes, as the islands read them; every money field is integer cents (see docs/decisions.md).
 * Those without a `c_` field (products, summaries, coupon items, wishlist items) are the engine's own types too.
 * Those with one (BasketView, LineItemView, ShippingMethodView, BonusDiscountLineItemView, WishlistView) are the
 * wire's only: the engine works in src/lib/commerce/bag.ts, and src/lib/api/wire.ts makes these at the API's edge.
 */
export interface PriceRange {
  min: number;
  max: number;
}

export interface PromotionView {
  id: string;
  calloutMsg: string;
  details: string;
  couponCodeID: string | null;
  applied: boolean;
  showPromoInPDP: boolean;
  percentOff: number;
}

export interface AttributeValue {
  id: string;
  name: string;
  swatch?: string;
  colorType?: string;
}

export interface VariationAttribute {
  id: string;
  name: string;
  order: number;
  values: AttributeValue[];
}

export interface VariantView {
  id: string;
  color: string;
  size: string | null;
  sizeFamily: string | null;
  braBandSize: string | null;
  braCupSize: string | null;
  shoeWidth: string | null;
  orderable: boolean;
  inStock: boolean;
  isBackOrdered: boolean;
  /** How many may be ordered now: min(max order quantity, stock) unless back-ordered or untracked. */
  maxOrderable: number;
  listPrice: number;
  salePrice: number;
  finalPrice: number;
  colorType: string;
  promotionIds: string[];
}

export interface MediaView {
  url: string;
  thumbUrl: string;
  alt: string;
  color: string | null;
}

export interface HemmingFamily {
  price: number;
  message: string;
  options: { id: string; value: string; displayValue: string; selectable: boolean }[];
}

export interface ColorGroup {
  type: 'regularColors' | 'clearanceColors' | 'finalSaleColors';
  colors: string[];
  salePrice: PriceRange;
  finalPrice: PriceRange;
  hasApplicableCoupon: boolean;
  messages: { colorGroupCallout: string | null };
}

export interface ProductView {
  id: string;
  masterId: string;
  name: string;
  slug: string;
  url: string;
  brand: string;
  brandName: string;
  isSubBrand: boolean;
  subBrandName: string | null;
  brandNamePageUrl: string | null;
  productType: number;
  category: string;
  longDescription: string;
  isHemmable: boolean;
  sizeChartId: string | null;
  isMasterWaitlisted: boolean;
  completeOOS: boolean;
  maxOrderQty: number;
  attributeMappingHierarchy: string;
  variationAttributes: VariationAttribute[];
  variants: VariantView[];
  colorGroups: ColorGroup[];
  priceData: { listPrice: PriceRange; salePrice: PriceRange; finalPrice: PriceRange; hasApplicableCoupon: boolean };
  promotions: Record<string, PromotionView>;
  images: MediaView[];
  videos: MediaView[];
  hemming: Record<string, HemmingFamily>;
  currencySymbol: string;
  rating: number | null;
  reviewCount: number;
  badges: string[];
  /** States this product cannot be shipped to (two-letter codes). */
  restrictedShippingStates: string[];
  /** Carries California's Proposition 65 warning (the catalog's `prop65`): the page shows it. */
  isProp65: boolean;
  /** Product spec §3: this store sells no marketplace sellers' items and offers no monogramming, so both are false. */
  isMarketplaceItem: boolean;
  isMonogrammable: boolean;
  /** Product spec §3 shippingData, from the catalog (src/lib/product-shipping.ts says what each holds here). */
  shippingData: ProductShippingData;
}

export interface ProductSummary {
  id: string;
  name: string;
  url: string;
  brand: string;
  brandName: string;
  image: string;
  imageAlt: string;
  listPrice: PriceRange;
  finalPrice: PriceRange;
  swatches: { id: string; name: string; hex: string }[];
  rating: number | null;
}

/** What a line says about its product's state and prices (spec c_lineItemDetails). */
export interface LineItemDetails {
  productUrl: string;
  variationModelMasterId: string;
  original_price_value: number;
  sale_price_value: number;
  maxOrderQuantity: number;
  isHemmable: boolean;
  availabilityMsg: string | null;
  isOutOfStock: boolean;
  /** No longer sold (the variant is not orderable): it can only be removed. */
  isOutOfCatalog: boolean;
  /** What the line must say besides its options: a final-sale colour cannot be returned or exchanged. */
  specialProductMessagingFlags?: { finalSale: boolean };
}

export interface LineItemView {
  itemId: string;
  productId: string;
  masterId: string;
  productName: string;
  brand: string;
  quantity: number;
  /** Line total: (unit final price + hemming) × quantity. */
  price: number;
  /** Unit final price of the product, without options. */
  basePrice: number;
  c_productType: number;
  c_productImageUrl: string;
  colorName: string;
  sizeLabel: string | null;
  optionItems: { optionId: 'hemming'; optionValueId: string; price: number; itemText: string }[];
  /** Promotions on the line: automatic ones (already in the unit price) and coupons (taken off in the summary). */
  priceAdjustments: PriceAdjustmentView[];
  /** A free bonus product: its quantity cannot be changed. */
  bonusProductLineItem: boolean;
  /** The bonus offer (BasketView.bonusDiscountLineItems id) a free line was claimed through; null otherwise. */
  bonusDiscountLineItemId: string | null;
  /** The item cannot ship to the bag's shipping state (no quantity change or edit). */
  showRestrictedShippingStateMessage: boolean;
  c_hemmingInseamLength: string | null;
  c_giftCardRecipient: string | null;
  c_giftCardSender: string | null;
  c_giftCardRecipientEmail: string | null;
  giftMessage: string | null;
  c_lineItemDetails: LineItemDetails;
  /** Cannot be shipped to a P.O. box (product shippingData.isPOBoxExcluded). Set by the server on every read. */
  c_isPOBoxExcluded?: boolean;
}

export interface PriceAdjustmentView {
  promotionId: string;
  /** The coupon that brought it, or null for an automatic promotion. */
  couponCode: string | null;
  /** Amount off the line, in cents, as a negative number. */
  price: number;
  itemText: string;
}

/** A code entered on the bag (spec couponItems: code, couponItemId, statusCode). */
export interface CouponItemView {
  couponItemId: string;
  code: string;
  statusCode: CouponStatus;
  promotionId: string | null;
  calloutMsg: string | null;
  /** The status as a sentence for the shopper (the spec's promo code messages). */
  message: string;
  /** Cents taken off by this code. */
  discount: number;
}

/** One colour (and size) of an offered free gift; `productId` is the sku to send with the add-to-bag payload. */
export interface BonusProductVariantView {
  productId: string;
  colorName: string;
  sizeLabel: string | null;
  image: string;
  /** In stock and still sold: it can be claimed now. */
  orderable: boolean;
}

/** A product a bonus offer lets the shopper choose (master id), with what it is worth (list price, cents). */
export interface BonusProductView {
  productId: string;
  productName: string;
  image: string;
  price: number;
  variants: BonusProductVariantView[];
}

/**
 * A free-gift offer the bag qualifies for (spec Basket bonusDiscountLineItems: id, c_calloutMsg, bonusProducts).
 * `id` goes in the add-to-bag payload as bonusDiscountLineItemId; `claimed` once the bag holds maxBonusItems of it.
 */
export interface BonusDiscountLineItemView {
  id: string;
  c_calloutMsg: string;
  maxBonusItems: number;
  claimed: boolean;
  bonusProducts: BonusProductView[];
}

export interface ProductShippingData {
  isDropShip: boolean;
  isEligibleForExpeditedShipping: boolean;
  isInternationalShippingEligible: boolean;
  isPOBoxExcluded: boolean;
  extraPostageCode: string | null;
  /** What shipping one unit adds (a heavy item), in cents; 0 for most. */
  shippingSurcharge: number;
}

export interface BasketSummary {
  subTotal: number;
  /** The coupons summary row: cents taken off by codes (0 when none). */
  couponDiscount: number;
  shippingAndHandling: number;
  totalTax: number;
  isTaxCalculated: boolean;
  orderTotal: number;
  youSaved: number;
  isDigitalItemsOnly: boolean;
  shippingAddressAvailable: boolean;
  /*
   * Shipping step extras (checkout spec §3 "Order summary fields"). The server always sets them; they are optional
   * only so that a summary made by hand (a test, an empty bag) need not name them. shippingAndHandling is
   * shippingCharge + giftCardSurcharges + heavyWeightItemSurcharges + peakHandlingFee; orderTotal adds
   * routePackageProtectionFee.
   */
  /** The shipping method's own price for this bag. */
  shippingCharge?: number;
  giftCardSurcharges?: number;
  heavyWeightItemSurcharges?: number;
  peakHandlingFee?: number;
  /** The package protection fee charged (0 unless the shopper has it added). */
  routePackageProtectionFee?: number;
  /** The fee protection costs for this bag as the shopper reads it ('$1.20'); '' when it is not offered. */
  routeProtectionDisplayValue?: string;
  /** What the bag holds that is not shipped (src/lib/summary-delivery.ts); the server always sets them. */
  orderIncludesDigitalItem?: boolean;
  isOnlyEGiftCard?: boolean;
  isOnlySubscription?: boolean;
  eDeliveryMessage?: string;
  /** An order's summary only: the points it earned in each rewards programme (absent when none). */
  fbbRewardsEarned?: number;
  elqRewardsEarned?: number;
  diaRewardsEarned?: number;
  /** The perks programme that makes this bag's shipping method free (a member's Express); absent otherwise. */
  shippingPerksName?: string | null;
  /** The giftCardsApplied summary row: what gift cards pay of orderTotal, in cents (0 or absent when none). */
  giftCardsApplied?: number;
  /** What reward certificates, ELQ rewards and Dia rewards pay of orderTotal, in cents (absent when none applied). */
  rewardsApplied?: number;
  elqRewardsApplied?: number;
  diaRewardsApplied?: number;
  /** What is left for a card to pay: orderTotal less every tender (absent: all of orderTotal). */
  amountDue?: number;
}

/** A tender on the wire (checkout spec §3 Basket paymentInstruments); amount is what it pays now, in cents. */
export interface PaymentInstrumentView {
  paymentInstrumentId: string;
  paymentMethodId: string;
  /** A gift card's number, masked to its last four. */
  c_giftCardNumber: string | null;
  /** A reward certificate's number, masked to its last four. */
  c_rewardCertNumber?: string | null;
  /** The same masked gift card number under the checkout spec's own field name (`gitfCardNumber`, spelled so). */
  gitfCardNumber?: string;
  /** The same masked certificate number under the checkout spec's field name. */
  rewardCertificateNumber?: string;
  amount: number;
  /** A gift card's balance once it has paid `amount`, in cents (absent for other tenders). */
  c_balanceLeft?: number;
}

export interface ShippingMethodView {
  id: string;
  name: string;
  description: string;
  c_shippingMethodLabel: string;
  price: number;
  originalPrice: number;
  /** Fees this bag adds to any method (gift card fee, heavy item), shown under it and part of shipping & handling. */
  productSurcharges?: { itemText: string; price: number }[];
  /** A line under the method for shoppers without perks, when the store sells a perks membership; else null. */
  shipPerksSignUpMsg?: string | null;
}

export interface Shipment {
  shipmentId: string;
  /** description: the method's delivery time ('5-7 business days'), as every page and the e-mail say it. */
  shippingMethod: { id: string; name: string; description: string; price: number };
  shippingAddress: null | { stateCode: string };
}

/** EcoShip (checkout spec §3): offered for a bag that ships by Regular; the date it then arrives by. */
export interface EcoshipOffer {
  isEcoshipApplicable: boolean;
  ecoshipDate: string;
  ecoshipDisplayDate: string;
}

export interface BasketView {
  basketId: string | null;
  /** The checkout's basket only (checkout spec §3): a guest's checkout, and the e-mail it goes under. */
  c_isGuest?: boolean;
  customerInfo?: { email: string | null };
  currency: string;
  productItems: LineItemView[];
  shipments: Shipment[];
  c_summary: BasketSummary;
  couponItems: CouponItemView[];
  /** True when the bag holds the most codes it may (MAX_DISCOUNTS_PER_BASKET). */
  isMaxDiscountsApplied: boolean;
  /** Free-gift offers the bag qualifies for now (empty when none). */
  bonusDiscountLineItems: BonusDiscountLineItemView[];
  productSubTotal: number;
  productTotal: number;
  shippingTotal: number;
  taxTotal: number;
  orderTotal: number;
  totalQuantity: number;
  c_lastAddedItemInfo: { itemId: string; quantity: number; salePrice: number; originalPrice: number } | null;
  /** Things that changed in the bag without the shopper asking, told once: the reply of the read that made the change. */
  c_notices: string[];
  /** Some line (a hemmed item) ships by Standard Delivery (Regular) only: faster methods are not offered. */
  c_standardDeliveryOnly: boolean;
  c_ecoship?: EcoshipOffer;
  /** The shopper chose EcoShip and it applies to the bag as it is now. */
  c_isEcoShip?: boolean;
  /** Package protection: its fee for this bag (0: not offered) and whether the shopper has it added. */
  c_packageProtection?: { fee: number; isApplied: boolean };
  /** Gift cards (and later rewards) applied as payment, in the order they pay. */
  paymentInstruments?: PaymentInstrumentView[];
}

/** One product in a recommendation carousel (header spec §3 "Recommendation item"); prices in cents. */
export interface RecommendationItem {
  id: string;
  name: string;
  default_link: string;
  default_thumbnail: string;
  rating: number | null;
  brandname: string;
  default_pricing: { currency: string; salePrice: number; isRange: boolean; savingsMessage: string | null };
  listPriceLow: number;
  listPriceHigh: number;
  salePriceLow: number;
  salePriceHigh: number;
}

/** One saved product on a wishlist; `productId` is what was saved (a variant's sku, or the product's id). */
export interface WishlistItemView {
  id: string;
  productId: string;
  masterId: string;
  productName: string;
  productUrl: string;
  imageUrl: string;
  colorName: string | null;
  sizeLabel: string | null;
  /** Unit final price now, in cents. */
  price: number;
  productType: number;
  /** A variant that can be added to the bag as it is (in stock, and not a gift card that needs To and From). */
  canAddToBag: boolean;
  inStock: boolean;
}

/** The wishlist (header spec §3): id, customerProductListItems, c_wishlistId, c_items (the saved ids). */
export interface WishlistView {
  id: string | null;
  c_wishlistId: string | null;
  customerProductListItems: WishlistItemView[];
  c_items: string[];
}

/** One order as Track my order and the order history show it. */
export interface OrderSummaryView {
  orderNo: string;
  status: string;
  totalCents: number;
  placedAt: string;
}

export interface Brand {
  code: string;
  name: string;
  tagline: string;
}

/**
 * Per-brand settings the product page reads (the spec's "server preferences"): whether the brand runs the perks
 * subscription and shows its message.
 */
export interface BrandSettings {
  showPerksInfo: boolean;
  perksPromoId: string | null;
  showPerksDetailsLink: boolean;
}

/** A promotion running now, automatic or with a code, as the deals page lists it. */
export interface CurrentPromotion {
  id: string;
  callout: string;
  details: string;
  couponCode: string | null;
  percentOff: number;
  brandName: string | null;
  endsAt: string | null;
}

/** A promotion's callout and details for the Details modal; couponCodeID is null when no code is required. */
export interface PromotionDetails {
  promotionId: string;
  calloutMsg: string;
  details: string;
  couponCodeID: string | null;
}

/** One page of product tiles for a search term and/or category, and the catalog's categories. */
export interface ListingPage {
  ids: string[];
  total: number;
  page: number;
  pages: number;
  products: ProductSummary[];
  categories: string[];
}
