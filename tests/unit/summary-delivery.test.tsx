// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { summaryDelivery } from '#src/lib/summary-delivery.ts';
import { OrderSummary } from '#src/islands/bag/OrderSummary.tsx';
import type { BasketSummary } from '#src/lib/commerce-types.ts';

afterEach(cleanup);

const MESSAGE = 'E-gift cards are e-mailed to their recipients as soon as your order is placed.';

describe("the order summary's delivery fields (product spec §3: orderIncludesDigitalItem, isOnlyEGiftCard, isOnlySubscription, eDeliveryMessage)", () => {
  it('reads them from the product types: 1 regular, 2 gift card, 3 e-gift card, 4 membership', () => {
    expect(summaryDelivery([3, 3])).toEqual({
      orderIncludesDigitalItem: true,
      isOnlyEGiftCard: true,
      isOnlySubscription: false,
      eDeliveryMessage: MESSAGE,
    });
    expect(summaryDelivery([4])).toEqual({ orderIncludesDigitalItem: true, isOnlyEGiftCard: false, isOnlySubscription: true, eDeliveryMessage: '' });
    expect(summaryDelivery([1, 3])).toMatchObject({ orderIncludesDigitalItem: true, isOnlyEGiftCard: false, eDeliveryMessage: MESSAGE });
    expect(summaryDelivery([1, 2])).toEqual({
      orderIncludesDigitalItem: false,
      isOnlyEGiftCard: false,
      isOnlySubscription: false,
      eDeliveryMessage: '',
    });
    expect(summaryDelivery([])).toEqual({ orderIncludesDigitalItem: false, isOnlyEGiftCard: false, isOnlySubscription: false, eDeliveryMessage: '' });
  });
  it('shows the e-delivery message under the rows, and nothing when there is none', () => {
    const summary: BasketSummary = {
      subTotal: 5000,
      couponDiscount: 0,
      shippingAndHandling: 0,
      totalTax: 0,
      isTaxCalculated: false,
      orderTotal: 5000,
      youSaved: 0,
      isDigitalItemsOnly: true,
      shippingAddressAvailable: false,
    };
    const { rerender } = render(<OrderSummary summary={{ ...summary, ...summaryDelivery([3]) }} />);
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    rerender(<OrderSummary summary={{ ...summary, ...summaryDelivery([4]) }} />);
    expect(screen.queryByText(MESSAGE)).toBeNull();
  });
});
