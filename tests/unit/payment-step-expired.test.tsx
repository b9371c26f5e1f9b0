// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentStep } from '#src/islands/checkout/PaymentStep.tsx';
import type { CheckoutView, SavedCardView } from '#src/lib/checkout/checkout-types.ts';
import { basketFixture, checkoutViewFixture, lineFixture, summaryFixture } from '../helpers/reply-fixtures.ts';

/**
 * Checkout spec §2 "Expired-card alert" and §4 "Payment choice": when the basket's flash says the card on it has
 * expired, the payment page shows the flash's message as an alert and offers no saved card, only a new one.
 */
afterEach(cleanup);

const saved: SavedCardView = {
  cardType: 'Mastercard',
  last4: '4444',
  expMonth: 12,
  expYear: 2034,
  holder: 'Ada Lovelace',
  savedCardId: 'pi-1',
  paymentInstrumentId: 'pi-1',
  isExpired: false,
};
const EXPIRED = 'Your saved card has expired. Please choose another payment method.';

const signedInAtPayment = (over: Partial<CheckoutView> = {}) =>
  checkoutViewFixture({
    signedIn: true,
    email: 'ada@example.com',
    basket: basketFixture({ productItems: [lineFixture()], c_summary: summaryFixture({ orderTotal: 5000, amountDue: 5000 }) }),
    savedCards: [saved],
    ...over,
  });

const renderStep = (view: CheckoutView) =>
  render(<PaymentStep view={view} billingOnly={false} title="Payment" headingRef={createRef()} onDone={() => {}} onError={() => {}} />);

describe('the payment page and an expired card', () => {
  it('offers the saved cards when no card on the basket has expired', () => {
    renderStep(signedInAtPayment());
    expect(screen.getByRole('radio', { name: 'Mastercard ending in 4444, expires 12/34' })).toBeTruthy();
    expect(screen.queryByText(EXPIRED)).toBeNull();
  });

  it('shows the PaymentInstrumentExpired alert and hides the saved cards', () => {
    renderStep(signedInAtPayment({ _flash: [{ type: 'PaymentInstrumentExpired', message: EXPIRED }] }));
    expect(screen.getByRole('alert').textContent).toBe(EXPIRED);
    expect(screen.queryByRole('radio', { name: /Mastercard ending in 4444/ })).toBeNull();
    // A new card is what is left to pay with: its form is open.
    expect(screen.getByRole('group', { name: 'Card' })).toBeTruthy();
  });
});
