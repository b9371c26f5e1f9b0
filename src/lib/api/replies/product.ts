import * as v from 'valibot';
import type { ProductView, RecommendationItem } from '../../commerce-types.ts';
import type { Suggestions } from '../../schemas/search.ts';
import { exactly } from './exact.ts';

/** The product as the purchase area and quick shop read it, recommendations and search suggestions; cents. */
const Cents = v.number();
const Text = v.string();
const NullableText = v.nullable(v.string());
const PriceRange = v.object({ min: Cents, max: Cents });
const Media = v.object({ url: Text, thumbUrl: Text, alt: Text, color: NullableText });

export const ProductSchema = exactly<ProductView>()(
  v.object({
    id: Text,
    masterId: Text,
    name: Text,
    slug: Text,
    url: Text,
    brand: Text,
    brandName: Text,
    isSubBrand: v.boolean(),
    subBrandName: NullableText,
    brandNamePageUrl: NullableText,
    productType: v.number(),
    category: Text,
    longDescription: Text,
    isHemmable: v.boolean(),
    sizeChartId: NullableText,
    isMasterWaitlisted: v.boolean(),
    completeOOS: v.boolean(),
    maxOrderQty: v.number(),
    attributeMappingHierarchy: Text,
    variationAttributes: v.array(
      v.object({
        id: Text,
        name: Text,
        order: v.number(),
        values: v.array(v.object({ id: Text, name: Text, swatch: v.optional(Text), colorType: v.optional(Text) })),
      }),
    ),
    variants: v.array(
      v.object({
        id: Text,
        color: Text,
        size: NullableText,
        sizeFamily: NullableText,
        braBandSize: NullableText,
        braCupSize: NullableText,
        shoeWidth: NullableText,
        orderable: v.boolean(),
        inStock: v.boolean(),
        isBackOrdered: v.boolean(),
        maxOrderable: v.number(),
        listPrice: Cents,
        salePrice: Cents,
        finalPrice: Cents,
        colorType: Text,
        promotionIds: v.array(Text),
      }),
    ),
    colorGroups: v.array(
      v.object({
        type: v.picklist(['regularColors', 'clearanceColors', 'finalSaleColors']),
        colors: v.array(Text),
        salePrice: PriceRange,
        finalPrice: PriceRange,
        hasApplicableCoupon: v.boolean(),
        messages: v.object({ colorGroupCallout: NullableText }),
      }),
    ),
    priceData: v.object({ listPrice: PriceRange, salePrice: PriceRange, finalPrice: PriceRange, hasApplicableCoupon: v.boolean() }),
    promotions: v.record(
      v.string(),
      v.object({
        id: Text,
        calloutMsg: Text,
        details: Text,
        couponCodeID: NullableText,
        applied: v.boolean(),
        showPromoInPDP: v.boolean(),
        percentOff: v.number(),
      }),
    ),
    images: v.array(Media),
    videos: v.array(Media),
    hemming: v.record(
      v.string(),
      v.object({
        price: Cents,
        message: Text,
        options: v.array(v.object({ id: Text, value: Text, displayValue: Text, selectable: v.boolean() })),
      }),
    ),
    currencySymbol: Text,
    rating: v.nullable(v.number()),
    reviewCount: v.number(),
    badges: v.array(Text),
    restrictedShippingStates: v.array(Text),
    isProp65: v.boolean(),
    isMarketplaceItem: v.boolean(),
    isMonogrammable: v.boolean(),
    shippingData: v.object({
      isDropShip: v.boolean(),
      isEligibleForExpeditedShipping: v.boolean(),
      isInternationalShippingEligible: v.boolean(),
      isPOBoxExcluded: v.boolean(),
      extraPostageCode: NullableText,
      shippingSurcharge: Cents,
    }),
  }),
);

const RecommendationItemSchema = exactly<RecommendationItem>()(
  v.object({
    id: Text,
    name: Text,
    default_link: Text,
    default_thumbnail: Text,
    rating: v.nullable(v.number()),
    brandname: Text,
    default_pricing: v.object({ currency: Text, salePrice: Cents, isRange: v.boolean(), savingsMessage: NullableText }),
    listPriceLow: Cents,
    listPriceHigh: Cents,
    salePriceLow: Cents,
    salePriceHigh: Cents,
  }),
);

const SuggestionsSchema = exactly<Suggestions>()(
  v.object({
    initial_keyword: Text,
    typeahead: v.array(v.object({ name: Text })),
    quicklinks: v.array(v.object({ name: Text, value: Text })),
    products: v.array(
      v.object({
        id: Text,
        pdp_url: Text,
        product_thumb_image: Text,
        review_average: v.nullable(v.number()),
        display_name: Text,
        brand_label: Text,
      }),
    ),
  }),
);

export const RecommendationsReply = v.object({ headline: Text, products: v.array(RecommendationItemSchema) });
/** A carousel's set names the criteria it was asked for. */
export const CarouselReply = v.object({ criteria: Text, headline: Text, products: v.array(RecommendationItemSchema) });
export const SuggestionsReply = v.object({ suggestions: SuggestionsSchema });
/** The size guide: HTML the store holds. */
export const SizeGuideReply = v.string();
