import type { ReplyOf } from '#src/lib/api/endpoint.ts';
import type { API } from '#src/lib/api/contract.ts';
import type { BasketSummary, BasketView, LineItemView, WishlistItemView, WishlistView } from '#src/lib/commerce-types.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';

/**
 * Whole reply bodies for island tests that answer fetch themselves: the API client checks every reply against its
 * schema in tests, so a made-up reply must be one the server could send. Each builder takes the fields a test cares
 * about.
 */
export const summaryFixture = (fields: Partial<BasketSummary> = {}): BasketSummary => ({
  subTotal: 0,
  couponDiscount: 0,
  shippingAndHandling: 0,
  totalTax: 0,
  isTaxCalculated: false,
  orderTotal: 0,
  youSaved: 0,
  isDigitalItemsOnly: false,
  shippingAddressAvailable: false,
  ...fields,
});

export const basketFixture = (fields: Partial<BasketView> = {}): BasketView => ({
  basketId: 'b1',
  currency: 'USD',
  productItems: [],
  shipments: [
    {
      shipmentId: 'me',
      shippingMethod: { id: 'Regular', name: 'Standard Delivery', description: '5-7 business days', price: 0 },
      shippingAddress: null,
    },
  ],
  c_summary: summaryFixture(),
  couponItems: [],
  isMaxDiscountsApplied: false,
  bonusDiscountLineItems: [],
  productSubTotal: 0,
  productTotal: 0,
  shippingTotal: 0,
  taxTotal: 0,
  orderTotal: 0,
  totalQuantity: 0,
  c_lastAddedItemInfo: null,
  c_notices: [],
  c_standardDeliveryOnly: false,
  ...fields,
});

export const wishlistItemFixture = (fields: Partial<WishlistItemView> = {}): WishlistItemView => ({
  id: 'I1',
  productId: 'fb-1001-blk-M',
  masterId: 'fb-1001',
  productName: 'Everyday Crew Tee',
  productUrl: '/p/everyday-crew-tee-fb-1001',
  imageUrl: '/media/fb-1001.svg',
  colorName: 'Black',
  sizeLabel: 'M',
  price: 2400,
  productType: 1,
  canAddToBag: true,
  inStock: true,
  ...fields,
});

export const wishlistFixture = (items: WishlistItemView[] = []): WishlistView => ({
  id: 'L1',
  c_wishlistId: 'L1',
  customerProductListItems: items,
  c_items: items.map((i) => i.productId),
});

/** The login reply (register, reset password and registration after an order answer the same). */
export const signInFixture = (basket: BasketView = basketFixture()): ReplyOf<typeof API.signIn> => ({
  token: { customer_id: 'c1', authenticated: true, usid: 'u1' },
  basket,
  shippingMethods: [],
  profileData: { customerNo: 'c1', email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' },
  wishlistData: wishlistFixture(),
  mergeBasket: { redirectToCart: false, notificationMsg: null, removedMembershipBrand: null, showPerksRemovalMsg: false },
});

/** GET /api/global/me. */
export const meFixture = (fields: Partial<ReplyOf<typeof API.me>> = {}): ReplyOf<typeof API.me> => ({
  authenticated: false,
  firstName: null,
  email: null,
  rewards: null,
  isPLCCHolder: 'N',
  ...fields,
});

/** A bag line as the server sends it (an Everyday Crew Tee, two of them). */
export const lineFixture = (over: Partial<LineItemView> = {}): LineItemView => ({
  itemId: 'i1',
  productId: 'fb-1001-blk-M',
  masterId: 'fb-1001',
  productName: 'Everyday Crew Tee',
  brand: 'fb',
  quantity: 2,
  price: 3998,
  basePrice: 1999,
  c_productType: 1,
  c_productImageUrl: '/media/x.svg',
  colorName: 'Black',
  sizeLabel: 'M',
  optionItems: [],
  c_hemmingInseamLength: null,
  c_giftCardRecipient: null,
  c_giftCardSender: null,
  c_giftCardRecipientEmail: null,
  giftMessage: null,
  priceAdjustments: [],
  bonusProductLineItem: false,
  bonusDiscountLineItemId: null,
  showRestrictedShippingStateMessage: false,
  c_lineItemDetails: {
    productUrl: '/p/x',
    variationModelMasterId: 'fb-1001',
    original_price_value: 2499,
    sale_price_value: 1999,
    maxOrderQuantity: 10,
    isHemmable: false,
    availabilityMsg: null,
    isOutOfStock: false,
    isOutOfCatalog: false,
  },
  ...over,
});

/** A guest's checkout with an empty bag and nothing entered yet; each test sets what it is about. */
export const checkoutViewFixture = (over: Partial<CheckoutView> = {}): CheckoutView => ({
  basket: basketFixture(),
  signedIn: false,
  accountName: null,
  email: null,
  emailSubscribe: false,
  shippingAddress: null,
  billingAddress: null,
  billingSameAsShipping: true,
  payment: null,
  shippingMethods: [],
  shippingMethodConfirmed: false,
  savedAddresses: [],
  savedCards: [],
  c_applicablePaymentMethods: [],
  _flash: [],
  payLater: null,
  c_webPayment: null,
  ...over,
});
