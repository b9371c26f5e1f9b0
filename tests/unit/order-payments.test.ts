import { describe, expect, it } from 'vitest';
import { cardName, checkoutPaymentLines, paymentLines, paymentName } from '#src/lib/checkout/order-payments.ts';

describe("an order's payments", () => {
  it('lists certificates and rewards, then gift cards with their balance left, then the card for what they leave', () => {
    const lines = paymentLines(
      [
        { method: 'SVS_GIFT_CARD', maskedNumber: '•••• 1234', amount: 10000, balanceLeft: 500 },
        { method: 'FB_REWARD_DOLLAR', maskedNumber: '', amount: 300 },
        { method: 'ADS_REWARD_CERTIFICATE', maskedNumber: '•••• 9876', amount: 1000 },
        { method: 'DIA_REWARDS', maskedNumber: '', amount: 200 },
      ],
      { method: 'credit card', cardType: 'Visa', last4: '4242' },
      3320,
    );
    expect(lines).toEqual([
      { label: 'Reward certificate •••• 9876', amount: 1000, balanceLeft: null },
      { label: 'ELQ Rewards', amount: 300, balanceLeft: null },
      { label: 'Dia Shop Rewards', amount: 200, balanceLeft: null },
      { label: 'Gift card •••• 1234', amount: 10000, balanceLeft: 500 },
      { label: 'Visa ending in 4242', amount: 3320, balanceLeft: null },
    ]);
    // Together they are the order total.
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(14820);
  });

  it('has no card line when the tenders pay it all, and no line for a tender that pays nothing', () => {
    const lines = paymentLines(
      [
        { method: 'SVS_GIFT_CARD', maskedNumber: '•••• 1234', amount: 5000, balanceLeft: 0 },
        { method: 'SVS_GIFT_CARD', maskedNumber: '•••• 5678', amount: 0, balanceLeft: 2500 },
      ],
      null,
      0,
    );
    expect(lines).toEqual([{ label: 'Gift card •••• 1234', amount: 5000, balanceLeft: 0 }]);
  });

  it('names each way to pay the rest the same everywhere: the store card, PayPal, Apple Pay with its card', () => {
    expect(paymentName({ method: 'plcc card', cardType: 'Private Label Credit Card', last4: '4843' })).toBe('Store card ending in 4843');
    expect(cardName({ cardType: 'Private Label Credit Card', last4: '4843' })).toBe('Store card ending in 4843');
    expect(paymentName({ method: 'credit card', cardType: 'Mastercard', last4: '4444' })).toBe('Mastercard ending in 4444');
    expect(paymentName({ method: 'paypal', cardType: null, last4: null })).toBe('PayPal');
    expect(paymentName({ method: 'apple pay', cardType: 'Visa', last4: '1111' })).toBe('Apple Pay (Visa ending in 1111)');
    expect(paymentLines([], { method: 'paypal', cardType: null, last4: null }, 14320)).toEqual([
      { label: 'PayPal', amount: 14320, balanceLeft: null },
    ]);
  });
});

describe('the payments at review', () => {
  it("reads the bag's tenders as they will pay, and the card chosen for the rest", () => {
    const instruments = [
      { paymentInstrumentId: 'a', paymentMethodId: 'SVS_GIFT_CARD', c_giftCardNumber: '•••• 1234', amount: 11000, c_balanceLeft: 0 },
      { paymentInstrumentId: 'b', paymentMethodId: 'FB_REWARD_CERTIFICATE', c_giftCardNumber: null, c_rewardCertNumber: '•••• 5555', amount: 500 },
    ];
    expect(checkoutPaymentLines(instruments, { cardType: 'Private Label Credit Card', last4: '4843' }, 2820)).toEqual([
      { label: 'Reward certificate •••• 5555', amount: 500, balanceLeft: null },
      { label: 'Gift card •••• 1234', amount: 11000, balanceLeft: 0 },
      { label: 'Store card ending in 4843', amount: 2820, balanceLeft: null },
    ]);
  });
});
