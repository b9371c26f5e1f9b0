import type { StockRequest } from '../../commerce/stock.ts';
import type { NewOrder, NewOrderLine } from '../../orders/write-order.ts';
import { effectiveBilling } from '../checkout-service.ts';
import type { CheckoutPaymentSource, CheckoutRecord } from '../checkout-store.ts';
import type { CheckoutAddress } from '#src/lib/checkout/checkout-types.ts';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import type { Bag, BagLine } from '#src/lib/commerce/bag.ts';
import { describeLine, detailTexts } from '#src/lib/line-details.ts';
import { orderDelivery } from '#src/lib/shipping-methods.ts';
import { isEGiftCard, isGiftCard } from '#src/lib/product-types.ts';
import { PAYMENT_METHOD_NAMES } from '#src/lib/payment-method-names.ts';
import type { GiftCardPurchase } from '../../gift-cards/order-cards.ts';
import type { PaidTender } from '../../tenders/tender-payment.ts';

/**
 * The order as a claim takes it from the bag, before the gateway is asked: kept with the attempt (as JSON, so its
 * fields are what an attempt written by an earlier release holds too) until the order is written from it, or until
 * recovery gives back what it took.
 */
export interface OrderSnapshot {
  customerId: string | null;
  email: string;
  /**
   * A gift card line also says who gets the card (absent from snapshots written before gift cards were issued); each
   * line what the bag's codes took off it, which earning reads (absent from snapshots written before it was kept).
   */
  lines: (NewOrderLine & { giftCard?: GiftCardPurchase; couponDiscount?: number })[];
  /** orderTotal = subTotal - discount + shipping (surcharges included) + tax + protection, as the summary showed. */
  totals: { subTotal: number; discount: number; shipping: number; tax: number; protection?: number; orderTotal: number };
  /** The summary as the checkout showed it (every row, surcharges and savings too): the confirmation and its e-mail show it. */
  summary: BasketSummary;
  /** The shipping method and its delivery time as the shopper chose them; null when nothing ships. */
  delivery: { name: string; delivery: string } | null;
  /** The EcoShip date the shopper accepted, or null. */
  ecoshipDate?: string | null;
  shippingMethodId: string;
  shippingAddress: CheckoutAddress | null;
  billingAddress: CheckoutAddress | null;
  /** The card, when it pays anything (amountDue > 0). */
  payment: { source: CheckoutPaymentSource; cardType: string; last4: string; savedCardId: string | null } | null;
  /** The web payment provider's order that pays the amount due, when the shopper paid with PayPal (payment is null). */
  webPayment?: { orderId: string };
  /** The wallet's merchant session, when the shopper paid with Apple Pay (payment is the card its token names). */
  wallet?: { sessionId: string };
  /** Gift cards debited by the claim, in the order they paid (absent from snapshots written before tenders). */
  tenders?: PaidTender[];
  /** What the card is authorized for: orderTotal less the tenders (absent: all of orderTotal). */
  amountDue?: number;
  /** The shopper ticked the e-mail subscription at the information step. */
  subscribe: boolean;
  taken: StockRequest[];
}

/** The snapshot of a bag that passed every check, with the stock its claim took. */
export function snapshotOf(
  bag: Bag,
  record: CheckoutRecord,
  customerId: string | null,
  taken: StockRequest[],
  tenders: PaidTender[] = [],
): OrderSnapshot {
  return {
    customerId,
    email: record.email ?? '',
    lines: bag.lines.map((l) => {
      const described = describeLine(l);
      return {
        sku: l.productId,
        productId: l.masterId,
        productName: l.productName,
        details: detailTexts(described),
        imageUrl: l.imageUrl,
        quantity: l.quantity,
        unitPrice: Math.round(l.price / l.quantity),
        lineTotal: l.price,
        originalTotal: described.originalTotal,
        couponDiscount: l.priceAdjustments.reduce((s, a) => (a.couponCode === null ? s : s - a.price), 0),
        ...(isGiftCard(l.productType) ? { giftCard: giftCardPurchase(l) } : {}),
      };
    }),
    totals: {
      subTotal: bag.summary.subTotal,
      discount: bag.summary.couponDiscount,
      shipping: bag.summary.shippingAndHandling,
      tax: bag.summary.totalTax,
      protection: bag.summary.routePackageProtectionFee ?? 0,
      orderTotal: bag.orderTotal,
    },
    summary: bag.summary,
    delivery: orderDelivery(bag),
    ecoshipDate: bag.ecoshipChosen ? bag.ecoship.ecoshipDate : null,
    shippingMethodId: bag.shipments[0]?.shippingMethod.id ?? 'Regular',
    shippingAddress: bag.summary.isDigitalItemsOnly ? null : record.shippingAddress,
    billingAddress: effectiveBilling(bag, record),
    tenders,
    amountDue: bag.amountDue,
    payment:
      record.payment && bag.amountDue > 0
        ? { source: record.payment.source, cardType: record.payment.cardType, last4: record.payment.last4, savedCardId: record.payment.savedCardId }
        : null,
    subscribe: record.emailSubscribe,
    taken,
  };
}

function giftCardPurchase(l: BagLine): GiftCardPurchase {
  return {
    kind: isEGiftCard(l.productType) ? 'e' : 'physical',
    recipientName: l.giftCard?.recipient ?? null,
    recipientEmail: l.giftCard?.recipientEmail ?? null,
    senderName: l.giftCard?.sender ?? null,
    message: l.giftMessage,
  };
}

/** The order written from a snapshot: what the confirmation shows of the card, never its source. */
export function orderOf(
  snapshot: OrderSnapshot,
  placement: { bagId: string; attemptId: string; placedAt: string; authorizationId: string | null },
): NewOrder {
  return {
    ...placement,
    customerId: snapshot.customerId,
    email: snapshot.email,
    totals: { ...snapshot.totals, protection: snapshot.totals.protection ?? 0 },
    summary: snapshot.summary,
    shippingMethodId: snapshot.shippingMethodId,
    delivery: snapshot.delivery,
    ecoshipDate: snapshot.ecoshipDate ?? null,
    shippingAddress: snapshot.shippingAddress,
    billingAddress: snapshot.billingAddress,
    payment: snapshot.payment
      ? {
          cardType: snapshot.payment.cardType,
          last4: snapshot.payment.last4,
          // Apple Pay pays with a card of the wallet's: the order names both.
          ...(snapshot.wallet ? { method: PAYMENT_METHOD_NAMES.applePay } : {}),
        }
      : snapshot.webPayment
        ? { method: PAYMENT_METHOD_NAMES.paypal }
        : null,
    tenders: snapshot.tenders ?? [],
    lines: snapshot.lines,
  };
}
