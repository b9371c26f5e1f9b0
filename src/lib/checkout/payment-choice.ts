import { formatCents } from '../money.ts';
import { storeCardName } from '../store-card/store-card-messages.ts';
import { PLCC_TYPE } from './card-numbers.ts';
import type { PaymentView, SavedCardView } from './checkout-types.ts';

/**
 * Which card pays, on the payment page (checkout spec §4 "Payment choice"): the card already on the order, a saved
 * card, or a new one. Coming back to the page (Back from review, a reload, a Change) shows the card the order
 * has, so the shopper is never asked again for what the store already holds.
 */

/** The choice that keeps the card already on the order (entered earlier in this checkout, not a saved card). */
export const CARD_ON_ORDER = 'card-on-order';

/** A saved card's id, CARD_ON_ORDER, or null for a new card. */
export type PaymentChoice = string | null;

export interface PaymentChoiceInput {
  /** The card on the order, if any. */
  payment: PaymentView | null;
  savedCards: readonly SavedCardView[];
  /** Saved cards are not offered: a perks item in the bag, or the PaymentInstrumentExpired flash. */
  savedCardsHidden: boolean;
}

export interface PaymentOption {
  id: string;
  label: string;
  disabled: boolean;
  /** Why a disabled option cannot pay, said beside it (the server's c_unavailableMessage). */
  note?: string;
}

type CardFace = Pick<PaymentView, 'cardType' | 'last4' | 'expMonth' | 'expYear'>;

/** 'Visa ending in 4242, expires 12/34'; a store card has no expiry: 'Store card ending in 1234'. */
export const cardLabel = (c: CardFace) =>
  c.cardType === PLCC_TYPE
    ? storeCardName(c.last4)
    : `${c.cardType} ending in ${c.last4}, expires ${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`;

/** A saved store card with its available credit (c_otb): 'Store card ending in 1234, $300.00 available credit'. */
const savedLabel = (c: SavedCardView) => (c.c_otb === undefined ? cardLabel(c) : `${cardLabel(c)}, ${formatCents(c.c_otb)} available credit`);

const sameFace = (a: CardFace, b: CardFace) =>
  a.cardType === b.cardType && a.last4 === b.last4 && a.expMonth === b.expMonth && a.expYear === b.expYear;

/** The card on the order when it can pay and is not one of the saved cards (those are listed as themselves). */
const cardOnOrder = (input: PaymentChoiceInput) => (input.payment && !input.payment.isExpired && !input.payment.savedCardId ? input.payment : null);

/**
 * The options listed before 'Use a new card': the card on the order first, then the saved cards (an expired one
 * disabled and marked; one the server says cannot pay this bag disabled, with its reason). A saved copy of the card
 * on the order (kept to the profile when it was entered) is not listed twice.
 */
export function paymentOptions(input: PaymentChoiceInput): PaymentOption[] {
  const onOrder = cardOnOrder(input);
  const options: PaymentOption[] = onOrder ? [{ id: CARD_ON_ORDER, label: cardLabel(onOrder), disabled: false }] : [];
  if (input.savedCardsHidden) return options;
  for (const c of input.savedCards) {
    if (onOrder && sameFace(c, onOrder)) continue;
    const label = `${savedLabel(c)}${c.isExpired ? ' (Expired)' : ''}`;
    options.push({
      id: c.paymentInstrumentId,
      label,
      disabled: c.isExpired || !!c.c_unavailableMessage,
      ...(c.c_unavailableMessage ? { note: c.c_unavailableMessage } : {}),
    });
  }
  return options;
}

/** The card on the order (saved or not), else the first usable saved card, else a new card. */
export function defaultPaymentChoice(input: PaymentChoiceInput): PaymentChoice {
  const usable = paymentOptions(input).filter((o) => !o.disabled);
  const onOrder = input.payment?.savedCardId ?? (cardOnOrder(input) ? CARD_ON_ORDER : null);
  return usable.find((o) => o.id === onOrder)?.id ?? usable[0]?.id ?? null;
}
