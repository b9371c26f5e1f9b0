// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CompletedSummary } from '#src/islands/checkout/CompletedSummary.tsx';
import { ReviewStep } from '#src/islands/checkout/ReviewStep.tsx';
import type { CheckoutAddress, CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { basketFixture, lineFixture, summaryFixture } from '../helpers/reply-fixtures.ts';

afterEach(cleanup);

const home: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '224 W 35th St',
  address2: '',
  company: '',
  city: 'New York',
  stateCode: 'NY',
  postalCode: '10001',
  phone: '2125550100',
  countryCode: 'US',
};
const card = { cardType: 'Visa', last4: '4242', expMonth: 12, expYear: 2034, holder: 'Ada Lovelace', savedCardId: null, isExpired: false };

/** A guest's bag at review: $143.20, a gift card paying $110.00 of it and the card the rest. */
function view(over: Partial<CheckoutView> = {}, summary = { giftCardsApplied: 11000, amountDue: 3320 }): CheckoutView {
  return {
    basket: basketFixture({
      productItems: [lineFixture()],
      orderTotal: 14320,
      c_summary: summaryFixture({ subTotal: 13300, totalTax: 1020, isTaxCalculated: true, orderTotal: 14320, ...summary }),
      paymentInstruments: [
        {
          paymentInstrumentId: 'g1',
          paymentMethodId: 'SVS_GIFT_CARD',
          c_giftCardNumber: '•••• 1234',
          amount: summary.giftCardsApplied,
          c_balanceLeft: 0,
        },
      ],
    }),
    signedIn: false,
    accountName: null,
    email: 'ada@example.com',
    emailSubscribe: false,
    shippingAddress: home,
    billingAddress: home,
    billingSameAsShipping: true,
    payment: card,
    shippingMethods: [],
    shippingMethodConfirmed: true,
    savedAddresses: [],
    savedCards: [],
    c_applicablePaymentMethods: [],
    _flash: [],
    payLater: null,
    c_webPayment: null,
    ...over,
  };
}

describe('review', () => {
  it('lists every payment with what it pays, the gift card with its balance left', () => {
    render(<CompletedSummary view={view()} step="review" onChange={() => {}} />);
    const payment = screen.getByText('Payment').closest('div')!;
    expect(within(payment as HTMLElement).getByText('Gift card •••• 1234: $110.00 (balance left $0.00)')).toBeTruthy();
    expect(within(payment as HTMLElement).getByText('Visa ending in 4242: $33.20')).toBeTruthy();
  });

  it("shows a guest's billing address when it is not the shipping address, and not when it is", () => {
    const billing = { ...home, address1: '1 Billing Way', city: 'Albany', postalCode: '12207' };
    render(<CompletedSummary view={view({ billingAddress: billing, billingSameAsShipping: false })} step="review" onChange={() => {}} />);
    expect(screen.getByText('Billing Address')).toBeTruthy();
    expect(screen.getByText('1 Billing Way')).toBeTruthy();
    cleanup();
    render(<CompletedSummary view={view()} step="review" onChange={() => {}} />);
    expect(screen.queryByText('Billing Address')).toBeNull();
  });

  it('names the store card as the store card', () => {
    const storeCard = { ...card, cardType: 'Private Label Credit Card', last4: '4843' };
    render(<CompletedSummary view={view({ payment: storeCard }, { giftCardsApplied: 0, amountDue: 14320 })} step="review" onChange={() => {}} />);
    expect(screen.getByText('Store card ending in 4843: $143.20')).toBeTruthy();
    expect(screen.queryByText(/Private Label Credit Card/)).toBeNull();
  });

  it('says when the card is charged only when a card pays anything', () => {
    render(<ReviewStep view={view()} headingRef={createRef()} onFailed={() => {}} />);
    expect(screen.getByText(/Your card is charged when your order ships\./)).toBeTruthy();
    cleanup();
    const paidByGiftCard = view({ payment: null }, { giftCardsApplied: 14320, amountDue: 0 });
    render(<ReviewStep view={paidByGiftCard} headingRef={createRef()} onFailed={() => {}} />);
    expect(screen.getByText(/By placing your order you agree to our terms of sale\./)).toBeTruthy();
    expect(screen.queryByText(/charged/)).toBeNull();
  });
});
