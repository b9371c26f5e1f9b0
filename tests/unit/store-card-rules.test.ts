import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicablePaymentMethods, PaymentMethodsSchema } from '#src/lib/checkout/payment-methods.ts';
import { cardLabel, defaultPaymentChoice, paymentOptions } from '#src/lib/checkout/payment-choice.ts';
import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import { StoreCardNumberSchema } from '#src/lib/checkout/checkout-schemas.ts';
import { storeCardAccountOf, storeCardInstrumentId, storeCardUnavailable } from '#src/lib/store-card/store-card-rules.ts';
import content from '#src/content/payment/payment-methods.json' with { type: 'json' };

const config = {
  default: ['creditCard', 'plcc', 'giftCard'] as const,
  brands: { fb: ['creditCard', 'plcc', 'giftCard', 'rewards'] as const, ks: ['creditCard', 'giftCard'] as const },
};

describe('payment methods per brand', () => {
  it("a bag of one brand is offered that brand's methods", () => {
    expect(applicablePaymentMethods(v.parse(PaymentMethodsSchema, config), ['fb', 'fb'])).toEqual(['creditCard', 'plcc', 'giftCard', 'rewards']);
  });

  it('a bag of several brands is offered only what every one of them offers', () => {
    expect(applicablePaymentMethods(v.parse(PaymentMethodsSchema, config), ['fb', 'ks'])).toEqual(['creditCard', 'giftCard']);
  });

  it('a brand not listed, and an empty bag, get the default list', () => {
    expect(applicablePaymentMethods(v.parse(PaymentMethodsSchema, config), ['ww'])).toEqual(['creditCard', 'plcc', 'giftCard']);
    expect(applicablePaymentMethods(v.parse(PaymentMethodsSchema, config), [])).toEqual(['creditCard', 'plcc', 'giftCard']);
  });

  it("the editors' file follows the schema, and one with an unknown method or a method twice does not", () => {
    expect(v.safeParse(PaymentMethodsSchema, content).success).toBe(true);
    expect(v.safeParse(PaymentMethodsSchema, { default: ['cash'], brands: {} }).success).toBe(false);
    expect(v.safeParse(PaymentMethodsSchema, { default: ['plcc', 'plcc'], brands: {} }).success).toBe(false);
  });
});

describe('the store card number at payment', () => {
  it('takes a 16-digit number of a store range, spaces dropped', () => {
    expect(v.parse(StoreCardNumberSchema, { number: '6278 0012 3456 7890' })).toEqual({ number: '6278001234567890' });
    expect(v.parse(StoreCardNumberSchema, { number: '5856376521234567' }).number).toBe('5856376521234567');
  });

  it('refuses a network card, a short number, a range outside the store ranges and any other field', () => {
    expect(v.safeParse(StoreCardNumberSchema, { number: '4242424242424242' }).success).toBe(false);
    expect(v.safeParse(StoreCardNumberSchema, { number: '627800123456' }).success).toBe(false);
    expect(v.safeParse(StoreCardNumberSchema, { number: '5856376551234567' }).success).toBe(false);
    expect(v.safeParse(StoreCardNumberSchema, { number: '6278001234567890', cvc: '123' }).success).toBe(false);
  });

  it("a saved store card's instrument id names its account, and no other id does", () => {
    expect(storeCardAccountOf(storeCardInstrumentId('a1'))).toBe('a1');
    expect(storeCardAccountOf('a1')).toBeNull();
  });
});

describe('the saved store card in the payment choice', () => {
  const storeCard = {
    paymentInstrumentId: 'plcc-a1',
    cardType: PLCC_TYPE,
    last4: '7890',
    expMonth: 0,
    expYear: 0,
    holder: 'Ann Lee',
    savedCardId: 'plcc-a1',
    isExpired: false,
    c_otb: 30000,
    c_rewards: 420,
  };

  it('is labelled without an expiry and with its available credit', () => {
    expect(paymentOptions({ payment: null, savedCards: [storeCard], savedCardsHidden: false })).toEqual([
      { id: 'plcc-a1', label: 'Store card ending in 7890, $300.00 available credit', disabled: false },
    ]);
    expect(cardLabel(storeCard)).toBe('Store card ending in 7890');
  });

  it('that cannot pay is listed, disabled, with the reason the server gave, and is never the default', () => {
    const reason = 'Store card ending in 7890 has $300.00 available credit, less than the $350.00 left to pay. Please choose another payment method.';
    const input = { payment: null, savedCards: [{ ...storeCard, c_unavailableMessage: reason }], savedCardsHidden: false };
    expect(paymentOptions(input)).toEqual([
      { id: 'plcc-a1', label: 'Store card ending in 7890, $300.00 available credit', disabled: true, note: reason },
    ]);
    expect(defaultPaymentChoice(input)).toBeNull();
  });
});

describe('whether a store card can pay the bag', () => {
  const card = { last4: '4843', availableCents: 5000 };

  it('pays when the bag takes store cards and its available credit covers what is left to pay', () => {
    expect(storeCardUnavailable(card, { storeCardOffered: true, amountDue: 5000 })).toBeNull();
    expect(storeCardUnavailable(card, { storeCardOffered: true, amountDue: 0 })).toBeNull();
  });

  it('is short when what is left to pay is more than its available credit, and says both amounts', () => {
    expect(storeCardUnavailable(card, { storeCardOffered: true, amountDue: 5001 })).toBe(
      'Store card ending in 4843 has $50.00 available credit, less than the $50.01 left to pay. Please choose another payment method.',
    );
  });

  it("is not accepted when the bag's brands do not take store cards, whatever its credit", () => {
    expect(storeCardUnavailable(card, { storeCardOffered: false, amountDue: 100 })).toBe(
      'Store card ending in 4843 is not accepted for the items in your bag. Please choose another payment method.',
    );
  });
});
