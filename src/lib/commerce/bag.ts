import type { PaymentMethodId } from '../checkout/payment-methods.ts';
import type { SavedStoreCard } from './store-card.ts';
import type {
  BasketSummary,
  BonusProductView,
  CouponItemView,
  EcoshipOffer,
  LineItemDetails,
  PriceAdjustmentView,
  Shipment,
  WishlistItemView,
} from '../commerce-types.ts';
import type { CheckoutAddress, CheckoutView, KeptWebPayment } from '../checkout/checkout-types.ts';
import type { TenderMethod } from '../tenders/tender-split.ts';

/**
 * Isomorphic, types only: the commerce engine's own bag, shipping method and wishlist, as the engine, the checkout and
 * the commerce API (src/lib/commerce-api/commerce-api.ts) work with them. Names are plain; the spec's wire shapes, with
 * their `c_` fields, are made from these at the API's edge by src/lib/api/wire.ts and nowhere else. Shapes the spec
 * names without a prefix (summary, coupon items, price adjustments, line details, bonus products) are shared as they
 * are.
 */

/** A gift card line's To, From and (an e-gift card) the e-mail it is sent to. */
export interface GiftCardDetails {
  recipient: string | null;
  sender: string | null;
  recipientEmail: string | null;
}

export interface BagLine {
  itemId: string;
  /** The variant (sku) on the line. */
  productId: string;
  masterId: string;
  productName: string;
  brand: string;
  quantity: number;
  /** Line total: (unit final price + hemming) × quantity. */
  price: number;
  /** Unit final price of the product, without options. */
  basePrice: number;
  productType: number;
  imageUrl: string;
  colorName: string;
  sizeLabel: string | null;
  optionItems: { optionId: 'hemming'; optionValueId: string; price: number; itemText: string }[];
  /** Promotions on the line: automatic ones (already in the unit price) and coupons (taken off in the summary). */
  priceAdjustments: PriceAdjustmentView[];
  /** A free gift: its quantity cannot be changed. */
  bonusProductLineItem: boolean;
  /** The bonus offer (Bag.bonusOffers id) a free line was claimed through; null otherwise. */
  bonusDiscountLineItemId: string | null;
  /** The item cannot ship to the bag's shipping state (no quantity change or edit). */
  showRestrictedShippingStateMessage: boolean;
  hemmingInseamLength: string | null;
  /** Null unless the line is a gift card with its To and From. */
  giftCard: GiftCardDetails | null;
  giftMessage: string | null;
  /** Cannot be shipped to a P.O. box (product shippingData.isPOBoxExcluded). */
  poBoxExcluded: boolean;
  lineDetails: LineItemDetails;
}

/** A free-gift offer the bag qualifies for; `claimed` once the bag holds maxBonusItems of it. */
export interface BonusOffer {
  id: string;
  calloutMsg: string;
  maxBonusItems: number;
  claimed: boolean;
  bonusProducts: BonusProductView[];
}

/** A payment instrument applied to the bag besides the card (a gift card), with what it pays of the bag now. */
export interface AppliedTender {
  paymentInstrumentId: string;
  paymentMethodId: TenderMethod;
  /** The number as the shopper sees it: its last four only. */
  maskedNumber: string;
  /** What it pays of the order total now, in cents: the lesser of its balance and what the tenders before it left. */
  amount: number;
  /** A gift card's balance once it has paid `amount`, in cents; absent for other tenders. */
  balanceLeft?: number;
}

/** The last line added, as the added-to-bag modal shows it. */
export interface LastAdded {
  itemId: string;
  quantity: number;
  salePrice: number;
  originalPrice: number;
}

export interface Bag {
  basketId: string | null;
  currency: string;
  lines: BagLine[];
  shipments: Shipment[];
  summary: BasketSummary;
  couponItems: CouponItemView[];
  /** True when the bag holds the most codes it may (MAX_DISCOUNTS_PER_BASKET). */
  isMaxDiscountsApplied: boolean;
  /** Free-gift offers the bag qualifies for now (empty when none). */
  bonusOffers: BonusOffer[];
  productSubTotal: number;
  productTotal: number;
  shippingTotal: number;
  taxTotal: number;
  orderTotal: number;
  totalQuantity: number;
  lastAdded: LastAdded | null;
  /** Things that changed in the bag without the shopper asking, told once: by the read that made the change. */
  notices: string[];
  /** Some line (a hemmed item) ships by Standard Delivery (Regular) only: faster methods are not offered. */
  standardDeliveryOnly: boolean;
  ecoship: EcoshipOffer;
  /** The shopper chose EcoShip and it applies to the bag as it is now. */
  ecoshipChosen: boolean;
  /** Package protection: its fee for this bag (0: not offered) and whether the shopper has it added. */
  packageProtection: { fee: number; isApplied: boolean };
  /** The account holding the bag is a perks member now (its Express is free); null for a guest or a non-member. */
  perksMembership?: { name: string } | null;
  /** Tenders applied to the bag, in the order they pay (src/lib/tenders/tender-split.ts). */
  tenders: AppliedTender[];
  /** What is left for a card to pay: orderTotal less what the tenders pay; 0 places the order with no card. */
  amountDue: number;
}

export interface ShippingMethod {
  id: string;
  name: string;
  /** The delivery time ('5-7 business days'). */
  description: string;
  /** The short label the method list shows. */
  label: string;
  price: number;
  originalPrice: number;
  /** Fees this bag adds to any method (gift card fee, heavy item), shown under it and part of shipping & handling. */
  productSurcharges?: { itemText: string; price: number }[];
  /** A line under the method for shoppers without perks, when the store sells a perks membership; else null. */
  shipPerksSignUpMsg?: string | null;
}

export interface ShippingChoice {
  methods: ShippingMethod[];
  selected: string;
}

export interface Wishlist {
  id: string | null;
  items: WishlistItemView[];
}

/** What the shopper chose for a line: a variant, a quantity and its options (an add to the bag or a line's edit). */
export interface LineChoice {
  productId: string;
  quantity: number;
  optionItems?: { optionId: 'hemming'; optionValueId: '0' | '1' }[] | undefined;
  hemmingInseamLength?: string | undefined;
  giftMessage?: string | undefined;
  giftCardSender?: string | undefined;
  giftCardRecipient?: string | undefined;
  giftCardRecipientEmail?: string | undefined;
  fromPDP?: boolean | undefined;
  /** Claims a free gift: the id of one of the bag's bonusOffers. */
  bonusDiscountLineItemId?: string | undefined;
}

/** The shipping step's address: a new one (saved to the profile when asked), or a saved one by id. */
export interface ShippingAddressChoice {
  address?: CheckoutAddress | undefined;
  addressId?: string | undefined;
  saveToProfile: boolean;
  make_address_default: boolean;
}

/** The checkout as the engine reads it: the spec's checkout, with the bag and shipping methods in the engine's types. */
export type CheckoutState = Omit<CheckoutView, 'basket' | 'shippingMethods' | 'c_applicablePaymentMethods' | 'c_webPayment'> & {
  basket: Bag;
  /** PayPal kept as the payment while its address is corrected (on the wire, c_webPayment). */
  webPayment: KeptWebPayment | null;
  shippingMethods: ShippingMethod[];
  /** The payment methods the bag's brands offer (on the wire, c_applicablePaymentMethods). */
  applicablePaymentMethods: PaymentMethodId[];
  /**
   * The signed-in shopper's store card, with why it cannot pay this bag (null: it can); on the wire it is one of
   * savedCards, the reason its c_unavailableMessage.
   */
  storeCard: (SavedStoreCard & { unavailable: string | null }) | null;
};
