import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  bagToWire,
  checkoutToWire,
  lineChoiceFromWire,
  lineToWire,
  shippingAddressFromWire,
  shippingMethodToWire,
  signInToWire,
  wishlistToWire,
} from '#src/lib/api/wire.ts';
import { BasketSchema, ShippingMethodSchema } from '#src/lib/api/replies/bag.ts';
import { describeLine, describeLineItem } from '#src/lib/line-details.ts';
import { WishlistReply } from '#src/lib/api/replies/account.ts';
import type { Bag, BagLine, CheckoutState, ShippingMethod, Wishlist } from '#src/lib/commerce/bag.ts';
import type { BasketView, WishlistItemView } from '#src/lib/commerce-types.ts';

const details = {
  productUrl: '/p/gift-card-gc-2',
  variationModelMasterId: 'gc-2',
  original_price_value: 2500,
  sale_price_value: 2500,
  maxOrderQuantity: 10,
  isHemmable: false,
  availabilityMsg: null,
  isOutOfStock: false,
  isOutOfCatalog: false,
  specialProductMessagingFlags: { finalSale: false },
};

const giftCardLine: BagLine = {
  itemId: 'L1',
  productId: 'gc-2-gc-25',
  masterId: 'gc-2',
  productName: 'Gift Card',
  brand: 'fb',
  quantity: 1,
  price: 2500,
  basePrice: 2500,
  productType: 2,
  imageUrl: '/media/gc-2.svg',
  colorName: 'Classic',
  sizeLabel: '$25',
  optionItems: [],
  priceAdjustments: [],
  bonusProductLineItem: false,
  bonusDiscountLineItemId: null,
  showRestrictedShippingStateMessage: false,
  hemmingInseamLength: null,
  giftCard: { recipient: 'Sam', sender: 'Alex', recipientEmail: null },
  giftMessage: 'Happy birthday',
  poBoxExcluded: false,
  lineDetails: details,
};

const hemmedLine: BagLine = {
  ...giftCardLine,
  itemId: 'L2',
  productId: 'rm-3001-nvy-6',
  masterId: 'rm-3001',
  productName: 'Straight Jean',
  quantity: 2,
  price: 9596,
  basePrice: 3999,
  productType: 1,
  optionItems: [{ optionId: 'hemming', optionValueId: '1', price: 800, itemText: 'Hemming: 28" inseam' }],
  priceAdjustments: [{ promotionId: 'P1', couponCode: 'SAVE10', price: -800, itemText: 'SAVE10: 10% off' }],
  hemmingInseamLength: '28',
  giftCard: null,
  giftMessage: null,
  poBoxExcluded: true,
  lineDetails: { ...details, isHemmable: true },
};

const summary = {
  subTotal: 12096,
  couponDiscount: 800,
  shippingAndHandling: 799,
  totalTax: 904,
  isTaxCalculated: true,
  orderTotal: 12999,
  youSaved: 800,
  isDigitalItemsOnly: false,
  shippingAddressAvailable: true,
  shippingCharge: 600,
  giftCardSurcharges: 199,
  heavyWeightItemSurcharges: 0,
  peakHandlingFee: 0,
  routePackageProtectionFee: 0,
  routeProtectionDisplayValue: '$1.20',
};
const shipments = [
  {
    shipmentId: 'me',
    shippingMethod: { id: 'Regular', name: 'Standard Delivery', description: '5-7 business days', price: 799 },
    shippingAddress: { stateCode: 'NY' },
  },
];
const coupon = {
  couponItemId: 'C1',
  code: 'SAVE10',
  statusCode: 'applied' as const,
  promotionId: 'P1',
  calloutMsg: '10% off',
  message: 'Applied',
  discount: 800,
};
const bonusProducts = [{ productId: 'fb-9001', productName: 'Tote', image: '/media/tote.svg', price: 1500, variants: [] }];
const ecoship = { isEcoshipApplicable: true, ecoshipDate: '2025-03-14', ecoshipDisplayDate: 'Friday, March 14' };

const bag: Bag = {
  basketId: 'B1',
  currency: 'USD',
  lines: [giftCardLine, hemmedLine],
  shipments,
  summary,
  couponItems: [coupon],
  isMaxDiscountsApplied: false,
  bonusOffers: [{ id: 'BONUS1', calloutMsg: 'A free tote', maxBonusItems: 1, claimed: false, bonusProducts }],
  productSubTotal: 12096,
  productTotal: 11296,
  shippingTotal: 799,
  taxTotal: 904,
  orderTotal: 12999,
  totalQuantity: 3,
  lastAdded: { itemId: 'L2', quantity: 2, salePrice: 3999, originalPrice: 2500 },
  notices: ['The free gift Tote was removed from your bag.'],
  standardDeliveryOnly: true,
  ecoship,
  ecoshipChosen: true,
  packageProtection: { fee: 120, isApplied: false },
  tenders: [{ paymentInstrumentId: 'T1', paymentMethodId: 'SVS_GIFT_CARD', maskedNumber: '•••• 4321', amount: 5000 }],
  amountDue: 7999,
};

const wireDetails = details;
const expectedWire: BasketView = {
  basketId: 'B1',
  currency: 'USD',
  productItems: [
    {
      itemId: 'L1',
      productId: 'gc-2-gc-25',
      masterId: 'gc-2',
      productName: 'Gift Card',
      brand: 'fb',
      quantity: 1,
      price: 2500,
      basePrice: 2500,
      c_productType: 2,
      c_productImageUrl: '/media/gc-2.svg',
      colorName: 'Classic',
      sizeLabel: '$25',
      optionItems: [],
      priceAdjustments: [],
      bonusProductLineItem: false,
      bonusDiscountLineItemId: null,
      showRestrictedShippingStateMessage: false,
      c_hemmingInseamLength: null,
      c_giftCardRecipient: 'Sam',
      c_giftCardSender: 'Alex',
      c_giftCardRecipientEmail: null,
      giftMessage: 'Happy birthday',
      c_isPOBoxExcluded: false,
      c_lineItemDetails: wireDetails,
    },
    {
      itemId: 'L2',
      productId: 'rm-3001-nvy-6',
      masterId: 'rm-3001',
      productName: 'Straight Jean',
      brand: 'fb',
      quantity: 2,
      price: 9596,
      basePrice: 3999,
      c_productType: 1,
      c_productImageUrl: '/media/gc-2.svg',
      colorName: 'Classic',
      sizeLabel: '$25',
      optionItems: [{ optionId: 'hemming', optionValueId: '1', price: 800, itemText: 'Hemming: 28" inseam' }],
      priceAdjustments: [{ promotionId: 'P1', couponCode: 'SAVE10', price: -800, itemText: 'SAVE10: 10% off' }],
      bonusProductLineItem: false,
      bonusDiscountLineItemId: null,
      showRestrictedShippingStateMessage: false,
      c_hemmingInseamLength: '28',
      c_giftCardRecipient: null,
      c_giftCardSender: null,
      c_giftCardRecipientEmail: null,
      giftMessage: null,
      c_isPOBoxExcluded: true,
      c_lineItemDetails: { ...wireDetails, isHemmable: true },
    },
  ],
  shipments,
  c_summary: summary,
  couponItems: [coupon],
  isMaxDiscountsApplied: false,
  bonusDiscountLineItems: [{ id: 'BONUS1', c_calloutMsg: 'A free tote', maxBonusItems: 1, claimed: false, bonusProducts }],
  productSubTotal: 12096,
  productTotal: 11296,
  shippingTotal: 799,
  taxTotal: 904,
  orderTotal: 12999,
  totalQuantity: 3,
  c_lastAddedItemInfo: { itemId: 'L2', quantity: 2, salePrice: 3999, originalPrice: 2500 },
  c_notices: ['The free gift Tote was removed from your bag.'],
  c_standardDeliveryOnly: true,
  c_ecoship: ecoship,
  c_isEcoShip: true,
  c_packageProtection: { fee: 120, isApplied: false },
  paymentInstruments: [
    { paymentInstrumentId: 'T1', paymentMethodId: 'SVS_GIFT_CARD', c_giftCardNumber: '•••• 4321', gitfCardNumber: '•••• 4321', amount: 5000 },
  ],
};

const method: ShippingMethod = {
  id: 'Express',
  name: 'Express Delivery',
  description: '2-3 business days',
  label: 'Order by 1 pm ET',
  price: 1500,
  originalPrice: 1500,
  productSurcharges: [{ itemText: 'Gift card fee', price: 199 }],
  shipPerksSignUpMsg: null,
};

const wishItem: WishlistItemView = {
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
};

describe('the bag on the wire', () => {
  it('carries every field of the bag under the name the spec gives it, in the order replies have always had', () => {
    const wire = bagToWire(bag);
    expect(wire).toStrictEqual(expectedWire);
    expect(JSON.stringify(wire)).toBe(JSON.stringify(expectedWire));
  });

  it('is a reply the bag schema accepts whole, with no field left over or missing', () => {
    const parsed = v.safeParse(BasketSchema, bagToWire(bag));
    expect(parsed.success).toBe(true);
    expect(parsed.output).toStrictEqual(expectedWire);
  });

  it('converts a kept bag to the same reply object, so its text and compressed copies are made once', () => {
    expect(bagToWire(bag)).toBe(bagToWire(bag));
  });

  it('describes a line of a reply in the words the engine’s line has (the islands read the replies as they come)', () => {
    for (const line of bag.lines) expect(describeLineItem(lineToWire(line))).toStrictEqual(describeLine(line));
  });
});

describe('shipping methods, the wishlist, the checkout and a sign-in on the wire', () => {
  it('names a method’s label c_shippingMethodLabel, and the schema accepts it whole', () => {
    const wire = shippingMethodToWire(method);
    expect(JSON.stringify(wire)).toBe(
      JSON.stringify({
        id: 'Express',
        name: 'Express Delivery',
        description: '2-3 business days',
        c_shippingMethodLabel: 'Order by 1 pm ET',
        price: 1500,
        originalPrice: 1500,
        productSurcharges: [{ itemText: 'Gift card fee', price: 199 }],
        shipPerksSignUpMsg: null,
      }),
    );
    expect(v.parse(ShippingMethodSchema, wire)).toStrictEqual(wire);
  });

  it('gives the wishlist its c_wishlistId and the saved ids as c_items', () => {
    const list: Wishlist = { id: 'W1', items: [wishItem] };
    const wire = wishlistToWire(list);
    expect(JSON.stringify(wire)).toBe(
      JSON.stringify({ id: 'W1', c_wishlistId: 'W1', customerProductListItems: [wishItem], c_items: ['fb-1001-blk-M'] }),
    );
    expect(v.parse(WishlistReply, wire)).toStrictEqual(wire);
    expect(wishlistToWire({ id: null, items: [] })).toStrictEqual({ id: null, c_wishlistId: null, customerProductListItems: [], c_items: [] });
  });

  it('converts the checkout’s bag and methods and leaves its other fields where they were', () => {
    const checkout = {
      basket: bag,
      signedIn: false,
      email: 'a@example.com',
      shippingMethods: [method],
      savedCards: [],
      storeCard: null,
      applicablePaymentMethods: ['creditCard', 'plcc'],
      _flash: [],
      webPayment: null,
    } as unknown as CheckoutState;
    const wire = checkoutToWire(checkout);
    expect(Object.keys(wire)).toEqual([
      'basket',
      'signedIn',
      'email',
      'shippingMethods',
      'savedCards',
      'c_applicablePaymentMethods',
      '_flash',
      'c_webPayment',
    ]);
    expect(wire.c_webPayment).toBeNull();
    expect(wire.c_applicablePaymentMethods).toEqual(['creditCard', 'plcc']);
    expect(wire.savedCards).toEqual([]);
    // The checkout's basket says who checks out (checkout spec §3 Basket c_isGuest, customerInfo).
    expect(wire.basket).toStrictEqual({ ...expectedWire, c_isGuest: true, customerInfo: { email: 'a@example.com' } });
    expect(checkoutToWire({ ...checkout, signedIn: true }).basket).toMatchObject({ c_isGuest: false, customerInfo: { email: 'a@example.com' } });
    expect(v.parse(BasketSchema, wire.basket)).toStrictEqual(wire.basket);
    expect(wire.shippingMethods[0]?.c_shippingMethodLabel).toBe('Order by 1 pm ET');
  });

  it('converts a sign-in’s bag, methods and wishlist', () => {
    const wire = signInToWire({ token: 't', basket: bag, shippingMethods: [method], wishlistData: { id: 'W1', items: [wishItem] } });
    expect(Object.keys(wire)).toEqual(['token', 'basket', 'shippingMethods', 'wishlistData']);
    expect(wire.basket).toStrictEqual(expectedWire);
    expect(wire.wishlistData.c_items).toEqual(['fb-1001-blk-M']);
  });
});

describe('requests from the wire', () => {
  it('takes an add to the bag’s hemming and gift card fields under the engine’s names', () => {
    expect(
      lineChoiceFromWire({
        productId: 'egc-3-egc-50',
        quantity: 1,
        c_hemmingInseamLength: '28',
        c_giftCardRecipient: 'Ann',
        c_giftCardSender: 'Bo',
        c_giftCardRecipientEmail: 'ann@example.com',
        giftMessage: 'Hi',
      }),
    ).toMatchObject({
      productId: 'egc-3-egc-50',
      quantity: 1,
      hemmingInseamLength: '28',
      giftCardRecipient: 'Ann',
      giftCardSender: 'Bo',
      giftCardRecipientEmail: 'ann@example.com',
      giftMessage: 'Hi',
    });
  });

  it('takes a saved address id as addressId', () => {
    expect(shippingAddressFromWire({ c_addressId: 'A1', saveToProfile: false, make_address_default: false }).addressId).toBe('A1');
  });
});
