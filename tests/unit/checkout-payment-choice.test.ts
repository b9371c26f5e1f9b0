import { describe, expect, it } from 'vitest';
import type { PaymentView, SavedCardView } from '#src/lib/checkout/checkout-types.ts';
import { CARD_ON_ORDER, defaultPaymentChoice, paymentOptions, type PaymentChoiceInput } from '#src/lib/checkout/payment-choice.ts';

/**
 * Which card pays on the payment page (checkout spec §4 "Payment choice"): coming back to the page shows the card
 * the order already has, with a way to use another.
 */
const visa: PaymentView = {
  cardType: 'Visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2034,
  holder: 'Ada Lovelace',
  savedCardId: null,
  isExpired: false,
};
const saved = (id: string, over: Partial<SavedCardView> = {}): SavedCardView => ({
  ...visa,
  cardType: 'Mastercard',
  last4: '4444',
  savedCardId: id,
  paymentInstrumentId: id,
  ...over,
});
const input = (over: Partial<PaymentChoiceInput>): PaymentChoiceInput => ({ payment: null, savedCards: [], savedCardsHidden: false, ...over });

describe('the payment choice', () => {
  it('a new card when the order has none and no card is saved', () => {
    expect(paymentOptions(input({}))).toEqual([]);
    expect(defaultPaymentChoice(input({}))).toBeNull();
  });

  it('the card already on the order is offered and chosen, named as the review names it', () => {
    const i = input({ payment: visa });
    expect(paymentOptions(i)).toEqual([{ id: CARD_ON_ORDER, label: 'Visa ending in 4242, expires 12/34', disabled: false }]);
    expect(defaultPaymentChoice(i)).toBe(CARD_ON_ORDER);
  });

  it('an expired card on the order is not offered', () => {
    expect(paymentOptions(input({ payment: { ...visa, isExpired: true } }))).toEqual([]);
    expect(defaultPaymentChoice(input({ payment: { ...visa, isExpired: true } }))).toBeNull();
  });

  it('the card on the order wins over the first saved card; a saved card on the order is chosen as itself', () => {
    const cards = [saved('a'), saved('b', { last4: '1111' })];
    expect(defaultPaymentChoice(input({ payment: visa, savedCards: cards }))).toBe(CARD_ON_ORDER);
    expect(defaultPaymentChoice(input({ payment: { ...visa, savedCardId: 'b' }, savedCards: cards }))).toBe('b');
    expect(defaultPaymentChoice(input({ savedCards: cards }))).toBe('a');
  });

  it('a saved copy of the card on the order is listed once', () => {
    const copy = saved('copy', { cardType: 'Visa', last4: '4242' });
    expect(paymentOptions(input({ payment: visa, savedCards: [copy, saved('a')] })).map((o) => o.id)).toEqual([CARD_ON_ORDER, 'a']);
  });

  it('an expired saved card is listed disabled, marked (Expired), and never chosen', () => {
    const i = input({ savedCards: [saved('old', { isExpired: true }), saved('ok', { last4: '1111' })] });
    expect(paymentOptions(i)[0]).toEqual({ id: 'old', label: 'Mastercard ending in 4444, expires 12/34 (Expired)', disabled: true });
    expect(defaultPaymentChoice(i)).toBe('ok');
  });

  it('with saved cards hidden (a perks item, an expired card flash) only the card on the order or a new card remain', () => {
    expect(paymentOptions(input({ savedCards: [saved('a')], savedCardsHidden: true }))).toEqual([]);
    expect(defaultPaymentChoice(input({ payment: { ...visa, savedCardId: 'a' }, savedCards: [saved('a')], savedCardsHidden: true }))).toBeNull();
    expect(defaultPaymentChoice(input({ payment: visa, savedCards: [saved('a')], savedCardsHidden: true }))).toBe(CARD_ON_ORDER);
  });
});
