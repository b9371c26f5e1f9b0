import type {
  Bag,
  BagLine,
  BonusOffer,
  CheckoutState,
  LineChoice,
  ShippingAddressChoice,
  ShippingChoice,
  ShippingMethod,
  Wishlist,
} from '../commerce/bag.ts';
import type { CheckoutView, OrderResult, SavedCardView } from '../checkout/checkout-types.ts';
import type { PlacementResult } from '../commerce/placement-result.ts';
import { PLCC_TYPE } from '../checkout/card-numbers.ts';
import type { PlccInfo } from '../commerce/store-card.ts';
import { maskedStoreCardNumber } from '../store-card/store-card-rules.ts';
import type { BasketView, BonusDiscountLineItemView, LineItemView, ShippingMethodView, WishlistView } from '../commerce-types.ts';
import type { AddToBagInput, UpdateBasketItemSchema } from '../schemas/basket.ts';
import type { ShippingAddressStepSchema } from '../checkout/checkout-schemas.ts';
import type * as v from 'valibot';
import { isCertificateMethod } from '../tenders/tender-split.ts';

/**
 * The one converter between the commerce engine's types (src/lib/commerce/) and the spec's wire shapes
 * (src/lib/commerce-types.ts, with their `c_` fields), used at the API's edge: the endpoints and pages convert what
 * the facades answer, and what a request says, here. Isomorphic, so a client of the commerce API over HTTP uses the
 * same module. Keys are written in the order the replies have always had them, so a reply's bytes do not change.
 */

export function lineToWire(line: BagLine): LineItemView {
  return {
    itemId: line.itemId,
    productId: line.productId,
    masterId: line.masterId,
    productName: line.productName,
    brand: line.brand,
    quantity: line.quantity,
    price: line.price,
    basePrice: line.basePrice,
    c_productType: line.productType,
    c_productImageUrl: line.imageUrl,
    colorName: line.colorName,
    sizeLabel: line.sizeLabel,
    optionItems: line.optionItems,
    priceAdjustments: line.priceAdjustments,
    bonusProductLineItem: line.bonusProductLineItem,
    bonusDiscountLineItemId: line.bonusDiscountLineItemId,
    showRestrictedShippingStateMessage: line.showRestrictedShippingStateMessage,
    c_hemmingInseamLength: line.hemmingInseamLength,
    c_giftCardRecipient: line.giftCard?.recipient ?? null,
    c_giftCardSender: line.giftCard?.sender ?? null,
    c_giftCardRecipientEmail: line.giftCard?.recipientEmail ?? null,
    giftMessage: line.giftMessage,
    c_isPOBoxExcluded: line.poBoxExcluded,
    c_lineItemDetails: line.lineDetails,
  };
}

export const bonusOfferToWire = (offer: BonusOffer): BonusDiscountLineItemView => ({
  id: offer.id,
  c_calloutMsg: offer.calloutMsg,
  maxBonusItems: offer.maxBonusItems,
  claimed: offer.claimed,
  bonusProducts: offer.bonusProducts,
});

/**
 * A bag the server keeps (src/server/bag/priced-bags.ts) is handed out again unchanged, and its reply's text and
 * compressed copies are kept with the object they were made from: the same bag converts to the same wire object.
 */
const wired = new WeakMap<Bag, BasketView>();

export function bagToWire(bag: Bag): BasketView {
  const known = wired.get(bag);
  if (known) return known;
  const wire: BasketView = {
    basketId: bag.basketId,
    currency: bag.currency,
    productItems: bag.lines.map(lineToWire),
    shipments: bag.shipments,
    c_summary: bag.summary,
    couponItems: bag.couponItems,
    isMaxDiscountsApplied: bag.isMaxDiscountsApplied,
    bonusDiscountLineItems: bag.bonusOffers.map(bonusOfferToWire),
    productSubTotal: bag.productSubTotal,
    productTotal: bag.productTotal,
    shippingTotal: bag.shippingTotal,
    taxTotal: bag.taxTotal,
    orderTotal: bag.orderTotal,
    totalQuantity: bag.totalQuantity,
    c_lastAddedItemInfo: bag.lastAdded,
    c_notices: bag.notices,
    c_standardDeliveryOnly: bag.standardDeliveryOnly,
    c_ecoship: bag.ecoship,
    c_isEcoShip: bag.ecoshipChosen,
    c_packageProtection: bag.packageProtection,
    paymentInstruments: bag.tenders.map((t) => ({
      paymentInstrumentId: t.paymentInstrumentId,
      paymentMethodId: t.paymentMethodId,
      c_giftCardNumber: t.paymentMethodId === 'SVS_GIFT_CARD' ? t.maskedNumber : null,
      ...(t.paymentMethodId === 'SVS_GIFT_CARD' ? { gitfCardNumber: t.maskedNumber } : {}),
      ...(isCertificateMethod(t.paymentMethodId) ? { c_rewardCertNumber: t.maskedNumber, rewardCertificateNumber: t.maskedNumber } : {}),
      amount: t.amount,
      ...(t.balanceLeft === undefined ? {} : { c_balanceLeft: t.balanceLeft }),
    })),
  };
  wired.set(bag, wire);
  return wire;
}

export const bagToWireOrNull = (bag: Bag | null): BasketView | null => (bag ? bagToWire(bag) : null);

/**
 * A placement's result as the spec's order result: its bag in the wire shape, the order's reference kept for the
 * order cookie, and what a binding adds after the fields (the wallet's sheet errors). The keys are always written in
 * this order, so a replay of a stored result answers the first reply's bytes.
 */
export function placementToWire<R extends PlacementResult>(result: R): OrderResult & { orderId: string | null } & Omit<R, keyof PlacementResult> {
  const { confirmationStatus, orderNo, orderId, orderTotal, message, bag, basketId, ...rest } = result;
  return { confirmationStatus, orderNo, orderId, orderTotal, message, basket: bagToWireOrNull(bag), basketId, ...rest };
}

export const shippingMethodToWire = (method: ShippingMethod): ShippingMethodView => ({
  id: method.id,
  name: method.name,
  description: method.description,
  c_shippingMethodLabel: method.label,
  price: method.price,
  originalPrice: method.originalPrice,
  productSurcharges: method.productSurcharges,
  shipPerksSignUpMsg: method.shipPerksSignUpMsg,
});

export const shippingChoiceToWire = (choice: ShippingChoice): { methods: ShippingMethodView[]; selected: string } => ({
  methods: choice.methods.map(shippingMethodToWire),
  selected: choice.selected,
});

export const wishlistToWire = (list: Wishlist): WishlistView => ({
  id: list.id,
  c_wishlistId: list.id,
  customerProductListItems: list.items,
  c_items: list.items.map((i) => i.productId),
});

/**
 * The checkout with its bag and shipping methods on the wire; every other field is the spec's as it is. The checkout's
 * basket says who is checking out as the checkout spec's basket does: c_isGuest, and customerInfo with the e-mail
 * given (the account's id stays in the session: nothing in the browser needs it).
 */
export const checkoutToWire = ({ storeCard, applicablePaymentMethods, _flash, webPayment, ...checkout }: CheckoutState): CheckoutView => ({
  ...checkout,
  basket: { ...bagToWire(checkout.basket), c_isGuest: !checkout.signedIn, customerInfo: { email: checkout.email } },
  shippingMethods: checkout.shippingMethods.map(shippingMethodToWire),
  savedCards: savedCardsToWire({ storeCard, savedCards: checkout.savedCards }),
  c_applicablePaymentMethods: applicablePaymentMethods,
  _flash,
  c_webPayment: webPayment,
});

/** The saved payment instruments on the wire: the store card first (with c_otb and c_rewards), then the saved cards. */
export const savedCardsToWire = (checkout: Pick<CheckoutState, 'storeCard' | 'savedCards'>): SavedCardView[] => [
  ...(checkout.storeCard ? [storeCardToWire(checkout.storeCard)] : []),
  ...checkout.savedCards,
];

/** c_customerPlccInfo: the header's view of the store card. */
const plccInfoToWire = (info: PlccInfo) => ({
  isPLCCHolder: info.isHolder ? ('Y' as const) : ('N' as const),
  firstName: info.firstName,
  otb: info.availableCents,
  rewards: info.points,
});

/** Who the visitor is on the wire: the store card as the header's card placements read it (isPLCCHolder, c_customerPlccInfo). */
export const meToWire = <M extends { storeCard: PlccInfo }>({ storeCard, ...me }: M) => {
  const c_customerPlccInfo = plccInfoToWire(storeCard);
  return { ...me, isPLCCHolder: c_customerPlccInfo.isPLCCHolder, c_customerPlccInfo };
};

const storeCardToWire = (card: NonNullable<CheckoutState['storeCard']>): SavedCardView => ({
  paymentInstrumentId: card.paymentInstrumentId,
  cardType: PLCC_TYPE,
  last4: card.last4,
  expMonth: 0,
  expYear: 0,
  holder: card.holder,
  savedCardId: card.paymentInstrumentId,
  isExpired: false,
  c_plccAccountNumber: maskedStoreCardNumber(card.last4),
  c_otb: card.availableCents,
  c_rewards: card.points,
  ...(card.unavailable ? { c_unavailableMessage: card.unavailable } : {}),
});

/** An add to the bag (or a line's edit) as the engine takes it. */
export function lineChoiceFromWire(input: AddToBagInput): LineChoice {
  return {
    productId: input.productId,
    quantity: input.quantity,
    optionItems: input.optionItems,
    hemmingInseamLength: input.c_hemmingInseamLength,
    giftMessage: input.giftMessage,
    giftCardSender: input.c_giftCardSender,
    giftCardRecipient: input.c_giftCardRecipient,
    giftCardRecipientEmail: input.c_giftCardRecipientEmail,
    fromPDP: input.fromPDP,
    bonusDiscountLineItemId: input.bonusDiscountLineItemId,
  };
}

/** A sign-in's reply (token, basket, shippingMethods, profileData, wishlistData, mergeBasket) on the wire. */
export function signInToWire<R extends { basket: Bag; shippingMethods: ShippingMethod[]; wishlistData: Wishlist }>(reply: R) {
  return {
    ...reply,
    basket: bagToWire(reply.basket),
    shippingMethods: reply.shippingMethods.map(shippingMethodToWire),
    wishlistData: wishlistToWire(reply.wishlistData),
  };
}

/** The shipping step's address request as the checkout takes it. */
export const shippingAddressFromWire = (input: v.InferOutput<typeof ShippingAddressStepSchema>): ShippingAddressChoice => ({
  address: input.address,
  addressId: input.c_addressId,
  saveToProfile: input.saveToProfile,
  make_address_default: input.make_address_default,
});

/** A line's edit (UpdateBasketItem body): its quantity, or another variant with its hemming. */
export const lineEditFromWire = (body: v.InferOutput<typeof UpdateBasketItemSchema>['body']) => ({
  quantity: body.quantity,
  productId: body.productId,
  optionItems: body.optionItems,
  hemmingInseamLength: body.c_hemmingInseamLength,
});
