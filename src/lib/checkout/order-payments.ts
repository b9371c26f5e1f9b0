import { PLCC_TYPE } from './card-numbers.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_NAMES, type PaymentMethodName } from '../payment-method-names.ts';
import { BRAND_PROGRAMMES } from '../rewards/programmes.ts';
import { isCertificateMethod, paymentOrder, TENDER_METHODS, type TenderMethod } from '../tenders/tender-split.ts';
import type { PaymentInstrumentView } from '../commerce-types.ts';

/**
 * What paid an order, each payment with its amount (checkout spec §3 "Payment method ids and summary rows", §9 "Summary
 * row slots 6 to 9"): reward certificates, ELQ and Dia rewards and gift cards in the order they pay, then what pays the
 * rest (a card, the store card, PayPal, Apple Pay with its card). The review step, the confirmation page, its e-mail
 * and the order's page all list the payments with these lines, after the order total, so that they add up to it.
 */

/** A tender as the bag or the order holds it: its number masked to the last four. */
export interface TenderPaid {
  method: TenderMethod;
  maskedNumber: string;
  /** What it paid of the order, in cents. */
  amount: number;
  /** A gift card's balance once the order is paid (null: not a gift card, or not known). */
  balanceLeft?: number | null;
}

/** What pays what the tenders leave: a card by its type and last four, or a method without one (PayPal). */
export interface CardPaid {
  method: PaymentMethodName;
  cardType: string | null;
  last4: string | null;
}

export interface PaymentLine {
  /** What the shopper reads: 'Gift card •••• 1234', 'Visa ending in 4242', 'Apple Pay (Visa ending in 4242)'. */
  label: string;
  /** Cents. */
  amount: number;
  /** A gift card's balance left once the order is paid, in cents; null for every other payment. */
  balanceLeft: number | null;
}

/** The card's own name: 'Visa ending in 4242'; the store card is 'Store card ending in 4843' wherever it is named. */
export function cardName(card: { cardType: string; last4: string }): string {
  return card.cardType === PLCC_TYPE ? `Store card ending in ${card.last4}` : `${card.cardType} ending in ${card.last4}`;
}

/** The payment that pays the rest: a card by its name, Apple Pay with the card it used, PayPal by name alone. */
export function paymentName(payment: CardPaid): string {
  const card = payment.cardType && payment.last4 ? cardName({ cardType: payment.cardType, last4: payment.last4 }) : null;
  if (payment.method === PAYMENT_METHOD_NAMES.applePay) return card ? `Apple Pay (${card})` : PAYMENT_METHOD_LABELS[payment.method];
  return card ?? PAYMENT_METHOD_LABELS[payment.method];
}

function tenderName(t: TenderPaid): string {
  if (isCertificateMethod(t.method)) return `Reward certificate ${t.maskedNumber}`;
  if (t.method === BRAND_PROGRAMMES.elq.paymentMethodId) return BRAND_PROGRAMMES.elq.label;
  if (t.method === BRAND_PROGRAMMES.dia.paymentMethodId) return BRAND_PROGRAMMES.dia.label;
  return `Gift card ${t.maskedNumber}`;
}

/**
 * Every payment of an order with its amount: the tenders that pay anything, in the order they pay, then the payment
 * that pays `amountDue` (when anything is left and it is known). Together they are the order total.
 */
export function paymentLines(tenders: readonly TenderPaid[], payment: CardPaid | null, amountDue: number): PaymentLine[] {
  const ranked = paymentOrder(tenders.map((t, position) => ({ ...t, position })));
  const lines: PaymentLine[] = ranked
    .filter((t) => t.amount > 0)
    .map((t) => ({ label: tenderName(t), amount: t.amount, balanceLeft: t.method === 'SVS_GIFT_CARD' ? (t.balanceLeft ?? null) : null }));
  if (payment && amountDue > 0) lines.push({ label: paymentName(payment), amount: amountDue, balanceLeft: null });
  return lines;
}

const isTenderMethod = (m: string): m is TenderMethod => (TENDER_METHODS as readonly string[]).includes(m);

/**
 * The payments of a bag at review, as they will pay the order: its tenders (paymentInstruments on the wire) and the
 * card chosen for what they leave (`amountDue`).
 */
export function checkoutPaymentLines(
  instruments: readonly PaymentInstrumentView[],
  card: { cardType: string; last4: string } | null,
  amountDue: number,
): PaymentLine[] {
  const tenders = instruments.flatMap((p) =>
    isTenderMethod(p.paymentMethodId)
      ? [
          {
            method: p.paymentMethodId,
            maskedNumber: p.c_giftCardNumber ?? p.c_rewardCertNumber ?? '',
            amount: p.amount,
            balanceLeft: p.c_balanceLeft ?? null,
          },
        ]
      : [],
  );
  const method = card?.cardType === PLCC_TYPE ? PAYMENT_METHOD_NAMES.plcc : PAYMENT_METHOD_NAMES.card;
  return paymentLines(tenders, card ? { method, ...card } : null, amountDue);
}
