/**
 * Isomorphic: imported by islands and by the server, so it holds types only.
 * The app's own commerce types: what the engine returns to endpoints and pages. Field names follow the spec's
 * basket and product shapes; every money field is integer cents (see docs/decisions.md).
 */
export interface Money {
  value: number;
  displayValue: string;
}

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
  c_hemmingInseamLength: string | null;
  c_giftCardRecipient: string | null;
  c_giftCardSender: string | null;
  c_giftCardRecipientEmail: string | null;
  giftMessage: string | null;
  c_lineItemDetails: {
    productUrl: string;
    variationModelMasterId: string;
    original_price_value: number;
    sale_price_value: number;
    maxOrderQuantity: number;
    isHemmable: boolean;
    availabilityMsg: string | null;
    isOutOfStock: boolean;
  };
}

export interface BasketSummary {
  subTotal: number;
  shippingAndHandling: number;
  totalTax: number;
  isTaxCalculated: boolean;
  orderTotal: number;
  youSaved: number;
  isDigitalItemsOnly: boolean;
  shippingAddressAvailable: boolean;
}

export interface ShippingMethodView {
  id: string;
  name: string;
  description: string;
  c_shippingMethodLabel: string;
  price: number;
  originalPrice: number;
}

export interface BasketView {
  basketId: string | null;
  currency: string;
  productItems: LineItemView[];
  shipments: { shipmentId: string; shippingMethod: { id: string; name: string; price: number }; shippingAddress: null | { stateCode: string } }[];
  c_summary: BasketSummary;
  productSubTotal: number;
  productTotal: number;
  shippingTotal: number;
  taxTotal: number;
  orderTotal: number;
  totalQuantity: number;
  c_lastAddedItemInfo: { itemId: string; quantity: number; salePrice: number; originalPrice: number } | null;
}
