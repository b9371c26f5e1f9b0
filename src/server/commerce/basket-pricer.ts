import { DEFAULT_SHIPPING_METHOD_ID } from '#src/lib/constants.ts';
import { formatCents } from '#src/lib/money.ts';
import { isDigital, isMerchandise } from '#src/lib/product-types.ts';
import { noProtection, PROTECTION_CHOICE, type PackageProtection } from '../protection/package-protection.ts';
import { ecoshipDate, peakHandlingFee, productSurcharges } from './shipping-extras.ts';
import type { CouponItemView } from '#src/lib/commerce-types.ts';
import type { Bag, BagLine } from '#src/lib/commerce/bag.ts';
import { COUPON_MESSAGES, MAX_DISCOUNTS_PER_BASKET } from '#src/lib/promo-code.ts';
import { effectiveMethodId, isStandardDeliveryOnly } from '#src/lib/standard-delivery.ts';
import { sizeLabel } from '#src/lib/selection.ts';
import { FINAL_SALE } from '#src/lib/coupon-reach.ts';
import { isActiveMember } from '#src/lib/perks/membership-dates.ts';
import { memberMethodPrice, PERKS_MEMBER_METHOD_ID } from '#src/lib/perks/member-shipping.ts';
import { GIFT_CARD_METHOD, splitTotal, tenderRows } from '#src/lib/tenders/tender-split.ts';
import { tenderReach } from '#src/lib/tenders/tender-rules.ts';
import { availabilityMessage } from './availability.ts';
import type { LoadedBasket, LoadedLine } from './basket-load.ts';
import { evaluateBonuses, type BonusEvaluation, type BonusLine, type QualifyingLine } from './bonus-rules.ts';
import { maxOrderable, productUrl } from './catalog.ts';
import { applyCoupons, computeTotals, finalUnitPrice, lineTotal, type CouponLine, type PricedLine, type TotalsExtras } from './pricing.ts';

/**
 * The bag from its loaded rows, with every price computed now: stored lines hold only what the shopper
 * chose (variant, quantity, options), never a price. Pure: no I/O, no clock (the loader read the promotions active
 * at its `now`). The free-gift offers' pickers (bonusOffers) need another read and are left empty here.
 */
export interface PricedBasket {
  view: Bag;
  /** Free lines that no longer belong (left out of `view`); the read deletes them. */
  staleBonusItemIds: string[];
  /** The free-gift lines behind staleBonusItemIds, as the shopper saw them. */
  droppedBonusItems: BagLine[];
  bonus: BonusEvaluation;
}

/** The configured rules a price depends on (basket-read.ts passes them from configuration). */
export interface PricingRules {
  protection: PackageProtection;
  /** The peak handling fee in cents (charged in peak season only); 0 turns it off. */
  peakHandlingFeeCents: number;
}

export const BASE_RULES: PricingRules = { protection: noProtection, peakHandlingFeeCents: 0 };

/** One line priced: the bag's line, what the totals and coupons see of it. */
function priceLine(r: LoadedLine, loaded: LoadedBasket): { item: BagLine; priced: PricedLine; coupon: CouponLine } {
  // A free gift is priced 0 with no promotion or coupon; its list price counts neither in you-saved nor in totals.
  const isBonus = r.bonusPromotionId !== null;
  const promos = loaded.autoPromotions.filter((p) => p.productIds.includes(r.productId) || p.brand === r.brand);
  const final = isBonus ? { price: 0, promotionId: null } : finalUnitPrice(r.salePriceCents, r.colorType, promos);
  const unit = final.price;
  const autoPromo = final.promotionId ? promos.find((p) => p.id === final.promotionId) : undefined;
  const hemPrice = isBonus ? 0 : (r.hemPriceCents ?? 0);
  const priced: PricedLine = {
    quantity: r.quantity,
    listPrice: isBonus ? 0 : r.listPriceCents,
    finalPrice: unit,
    optionPrice: hemPrice,
    productType: r.productType,
  };
  const coupon: CouponLine = {
    productId: r.productId,
    brand: r.brand,
    colorType: r.colorType,
    productType: r.productType,
    merchandise: unit * r.quantity,
    isBonus,
  };
  const max = maxOrderable({ track_stock: r.trackStock, back_ordered: r.backOrdered, on_hand: r.onHand }, r.maxOrderQty);
  const outOfStock = !r.orderable || max === 0;
  const item: BagLine = {
    itemId: r.id,
    productId: r.sku,
    masterId: r.productId,
    productName: r.name,
    brand: r.brand,
    quantity: r.quantity,
    price: lineTotal(priced),
    basePrice: unit,
    productType: r.productType,
    imageUrl: r.imageUrl,
    colorName: r.colorName,
    sizeLabel: sizeLabel({ size: r.size, shoeWidth: r.shoeWidth }),
    optionItems: r.hemmingOptionId ? [{ optionId: 'hemming', optionValueId: '1', price: hemPrice, itemText: `Hemming: ${r.inseam}" inseam` }] : [],
    priceAdjustments: autoPromo
      ? [{ promotionId: autoPromo.id, couponCode: null, price: -(r.salePriceCents - unit) * r.quantity, itemText: autoPromo.calloutMsg }]
      : [],
    bonusProductLineItem: isBonus,
    bonusDiscountLineItemId: r.bonusPromotionId,
    showRestrictedShippingStateMessage: r.restricted,
    hemmingInseamLength: r.inseam,
    giftCard: giftCardOf(r),
    giftMessage: r.giftMessage,
    poBoxExcluded: r.poBoxExcluded ?? false,
    lineDetails: {
      productUrl: productUrl(r.slug),
      variationModelMasterId: r.productId,
      original_price_value: r.listPriceCents,
      sale_price_value: unit,
      maxOrderQuantity: isBonus ? 1 : Math.max(1, max),
      isHemmable: r.isHemmable,
      availabilityMsg: availabilityMessage({
        orderable: r.orderable,
        max,
        quantity: r.quantity,
        backOrdered: r.backOrdered === 1,
        productType: r.productType,
      }),
      isOutOfStock: outOfStock,
      isOutOfCatalog: !r.orderable,
      specialProductMessagingFlags: { finalSale: r.colorType === FINAL_SALE },
    },
  };
  return { item, priced, coupon };
}

/** A gift card line's To, From and e-mail; null for a line that has none of them. */
function giftCardOf(r: LoadedLine): BagLine['giftCard'] {
  if (r.giftRecipient === null && r.giftSender === null && r.giftRecipientEmail === null) return null;
  return { recipient: r.giftRecipient, sender: r.giftSender, recipientEmail: r.giftRecipientEmail };
}

export function priceBasket(loaded: LoadedBasket, rules: PricingRules = BASE_RULES): PricedBasket {
  const { header, lines } = loaded;
  const perLine = lines.map((r) => priceLine(r, loaded));
  const items = perLine.map((l) => l.item);
  const priced = perLine.map((l) => l.priced);

  // Coupons come last: they work on the lines' prices after automatic promotions.
  const applied = applyCoupons(
    perLine.map((l) => l.coupon),
    loaded.coupons.map((c) => c.rule),
  );
  applied.lines.forEach((won, i) => {
    const coupon = won && loaded.coupons.find((c) => c.rule.couponItemId === won.couponItemId);
    if (!won || !coupon) return;
    priced[i]!.couponDiscount = won.discount;
    items[i]!.priceAdjustments.push({
      promotionId: coupon.promotionId ?? '',
      couponCode: coupon.code,
      price: -won.discount,
      itemText: `${coupon.code}: ${coupon.calloutMsg}`,
    });
  });
  const couponItems: CouponItemView[] = loaded.coupons.map((c) => {
    const statusCode = applied.status[c.rule.couponItemId] ?? 'invalid/expired';
    return {
      couponItemId: c.rule.couponItemId,
      code: c.code,
      statusCode,
      promotionId: c.promotionId,
      calloutMsg: c.calloutMsg,
      message: COUPON_MESSAGES[statusCode],
      discount: applied.discount[c.rule.couponItemId] ?? 0,
    };
  });

  // Free gifts: which offers the bag qualifies for, and which free lines no longer belong (left out here).
  const qualifying: QualifyingLine[] = [];
  const bonusLines: BonusLine[] = [];
  lines.forEach((r, i) => {
    if (r.bonusPromotionId !== null) bonusLines.push({ itemId: r.id, promotionId: r.bonusPromotionId, productId: r.productId });
    else
      qualifying.push({
        brand: r.brand,
        productType: r.productType,
        merchandise: perLine[i]!.coupon.merchandise,
        couponDiscount: priced[i]!.couponDiscount ?? 0,
        purchasable: !items[i]!.lineDetails.isOutOfStock,
      });
  });
  const bonus = evaluateBonuses(loaded.bonusRules, qualifying, bonusLines);
  const keep = lines.map((r) => !bonus.drop.includes(r.id));
  const keptItems = items.filter((_, i) => keep[i]);
  const keptPriced = priced.filter((_, i) => keep[i]);

  const standardOnly = isStandardDeliveryOnly(lines.filter((_, i) => keep[i]).map((r) => ({ hemmed: r.hemmingOptionId !== null })));
  const methodId = effectiveMethodId(header.shippingMethodId, standardOnly);
  const method = methodId === header.shippingMethodId ? header.chosenMethod : header.regularMethod;
  // A perks member's Express costs nothing (src/lib/perks/member-shipping.ts); the summary names the programme.
  const member = !!header.perks && isActiveMember(header.perks.endsAt, new Date(loaded.now ?? Date.now()));
  const chosenId = method ? methodId : DEFAULT_SHIPPING_METHOD_ID;
  const methodChoice = { id: chosenId, priceCents: memberMethodPrice(chosenId, method?.priceCents ?? 0, member) };
  const perksShipping = member && chosenId === PERKS_MEMBER_METHOD_ID && !!method;
  const keptLines = lines.filter((_, i) => keep[i]);
  const taxRateBp = taxRate(header, keptLines.length > 0 && keptLines.every((r) => isDigital(r.productType)));
  const extras = shippingExtras(loaded, keptLines, keptPriced, methodChoice.id, rules);
  const totals = computeTotals(keptPriced, methodChoice, taxRateBp, extras.totals);
  const perksSummary = perksShipping && !totals.isDigitalItemsOnly ? { ...totals, shippingPerksName: header.perks!.name } : totals;
  // Tenders pay the order total as it stands, less what only money buys (gift cards, the membership: tender-rules.ts);
  // what they leave is the card's (src/lib/tenders/tender-split.ts).
  const tenders = loaded.tenders ?? [];
  const split = splitTotal(totals.orderTotal, tenders, tenderReach(keptItems, totals));
  const summary = tenders.length === 0 ? perksSummary : { ...perksSummary, ...tenderRows(split.shares), amountDue: split.amountDue };
  const last = keptItems.find((i) => i.itemId === header.lastAddedItemId);
  const view: Bag = {
    basketId: header.id,
    currency: header.currency,
    lines: keptItems,
    shipments: [
      {
        shipmentId: 'me',
        shippingMethod: {
          id: methodChoice.id,
          name: method?.name ?? methodChoice.id,
          description: method?.description ?? '',
          price: summary.shippingAndHandling,
        },
        shippingAddress: header.shippingStateCode ? { stateCode: header.shippingStateCode } : null,
      },
    ],
    summary,
    couponItems,
    isMaxDiscountsApplied: couponItems.length >= MAX_DISCOUNTS_PER_BASKET,
    bonusOffers: [],
    productSubTotal: summary.subTotal,
    productTotal: summary.subTotal - summary.couponDiscount,
    shippingTotal: summary.shippingAndHandling,
    taxTotal: summary.totalTax,
    orderTotal: summary.orderTotal,
    totalQuantity: keptItems.reduce((s, i) => s + i.quantity, 0),
    lastAdded: last
      ? { itemId: last.itemId, quantity: last.quantity, salePrice: last.basePrice, originalPrice: last.lineDetails.original_price_value }
      : null,
    notices: [],
    standardDeliveryOnly: standardOnly,
    ecoship: extras.ecoship,
    ecoshipChosen: extras.ecoship.isEcoshipApplicable && header.ecoshipChosen === true,
    packageProtection: extras.protection,
    perksMembership: member ? { name: header.perks!.name } : null,
    tenders: split.shares.map((share) => {
      const tender = tenders.find((t) => t.id === share.id);
      return {
        paymentInstrumentId: share.id,
        paymentMethodId: share.method,
        maskedNumber: tender?.maskedNumber ?? '',
        amount: share.applied,
        ...(share.method === GIFT_CARD_METHOD ? { balanceLeft: Math.max(0, (tender?.available ?? 0) - share.applied) } : {}),
      };
    }),
    amountDue: split.amountDue,
  };
  return { view, staleBonusItemIds: bonus.drop, droppedBonusItems: items.filter((_, i) => !keep[i]), bonus };
}

/**
 * The tax rate a bag is priced with, or null while it is not known: a bag that ships is taxed by its shipping state,
 * one that ships nothing (e-gift cards, memberships) by its billing state. A state without a rate is taxed at 0.
 */
function taxRate(header: LoadedBasket['header'], shipsNothing: boolean): number | null {
  if (shipsNothing) return header.billingTaxRateBp ?? (header.billingStateCode ? 0 : null);
  return header.taxRateBp ?? (header.shippingStateCode ? 0 : null);
}

/**
 * The shipping step's extras for the lines kept: surcharges, peak handling at the time of the read, the package
 * protection quote (charged while the shopper has it added) and EcoShip (a bag that ships by Regular).
 */
function shippingExtras(loaded: LoadedBasket, lines: LoadedLine[], priced: PricedLine[], methodId: string, rules: PricingRules) {
  const now = loaded.now ? new Date(loaded.now) : null;
  const ships = lines.length > 0 && !lines.every((r) => isDigital(r.productType));
  const surcharges = productSurcharges(
    lines.map((r) => ({ productType: r.productType, quantity: r.quantity, heavySurchargeCents: r.heavySurchargeCents ?? 0 })),
  );
  // A gift card's value is not in the parcel's worth: a lost or stolen card is cancelled and its balance reissued.
  const shippedMerchandiseCents = priced.reduce((sum, l) => (isMerchandise(l.productType) ? sum + lineTotal(l) - (l.couponDiscount ?? 0) : sum), 0);
  const quote = rules.protection.quote({ shippedMerchandiseCents, digitalOnly: !ships });
  const isApplied = quote > 0 && loaded.header.protectionChoice === PROTECTION_CHOICE.added;
  const eco = now && ships && methodId === DEFAULT_SHIPPING_METHOD_ID ? ecoshipDate(now) : null;
  const totals: TotalsExtras = {
    ...surcharges,
    peakHandlingFee: now ? peakHandlingFee(now, rules.peakHandlingFeeCents, ships) : 0,
    protectionFee: isApplied ? quote : 0,
    protectionDisplayValue: quote > 0 ? formatCents(quote) : '',
  };
  return {
    totals,
    protection: { fee: quote, isApplied },
    ecoship: { isEcoshipApplicable: eco !== null, ecoshipDate: eco?.date ?? '', ecoshipDisplayDate: eco?.display ?? '' },
  };
}
