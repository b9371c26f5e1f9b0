// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { lineFixture } from '../helpers/reply-fixtures.ts';
import { $bag, $bagCount, $bagError, $bagPendingItem, updateLineQuantity } from '#src/lib/stores/bag.ts';
import { LineItem } from '#src/islands/bag/LineItem.tsx';
import { OrderSummary } from '#src/islands/bag/OrderSummary.tsx';

const item = lineFixture;

afterEach(() => {
  cleanup();
  cleanStores($bag, $bagCount, $bagError, $bagPendingItem);
  vi.unstubAllGlobals();
});

describe('bag store', () => {
  it('derives the count from the bag the server returned', () => {
    $bag.set({ totalQuantity: 3 } as BasketView);
    expect($bagCount.get()).toBe(3);
  });
  it('marks the line pending while the server works, then shows the server basket or its error', async () => {
    let release!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (release = r))),
    );
    const done = updateLineQuantity('i1', 11);
    expect($bagPendingItem.get()).toBe('i1');
    release(new Response(JSON.stringify({ status: 'error', message: 'Quantity must be at most 10.' }), { status: 400 }));
    await done;
    expect($bagPendingItem.get()).toBeNull();
    expect($bagError.get()).toBe('Quantity must be at most 10.');
  });
});

describe('line item', () => {
  it('offers a quantity dropdown from 1 to the max and sends the change', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    render(<LineItem item={item()} />);
    const select = screen.getByLabelText('Quantity') as HTMLSelectElement;
    expect(select.options).toHaveLength(10);
    fireEvent.change(select, { target: { value: '4' } });
    expect(fetch).toHaveBeenCalledWith(
      '/api/checkout/basket/update/updateBasketItem',
      expect.objectContaining({ body: JSON.stringify({ itemId: 'i1', body: { quantity: 4 } }) }),
    );
  });
  it('has no quantity change for a gift card, and shows who it is for', () => {
    render(<LineItem item={item({ c_productType: 2, quantity: 1, c_giftCardRecipient: 'Ann', c_giftCardSender: 'Bo' })} />);
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.getByText('Qty 1')).toBeTruthy();
    expect(screen.getByText('To Ann, from Bo')).toBeTruthy();
  });
});

describe('order summary', () => {
  it('shows the server totals, free shipping, and tax to be calculated', () => {
    render(
      <OrderSummary
        summary={{
          subTotal: 7996,
          shippingAndHandling: 0,
          totalTax: 0,
          isTaxCalculated: false,
          orderTotal: 7996,
          youSaved: 2000,
          isDigitalItemsOnly: false,
          shippingAddressAvailable: false,
          couponDiscount: 0,
        }}
      />,
    );
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$79.96');
    expect(screen.getByTestId('summary-shipping').textContent).toBe('Free');
    expect(screen.getByTestId('summary-tax').textContent).toBe('Calculated at checkout');
    expect(screen.getByTestId('summary-saved').textContent).toBe('$20.00');
    expect(screen.queryByTestId('summary-coupons')).toBeNull();
  });
  it('in the checkout, tax not yet calculated comes with the address, not "at checkout"', () => {
    const summary = {
      subTotal: 7996,
      shippingAndHandling: 0,
      totalTax: 0,
      isTaxCalculated: false,
      orderTotal: 7996,
      youSaved: 0,
      isDigitalItemsOnly: false,
      shippingAddressAvailable: false,
      couponDiscount: 0,
    };
    render(<OrderSummary summary={summary} place="checkout" />);
    expect(screen.getByTestId('summary-tax').textContent).toBe('Calculated from your address');
  });
  it('shows the coupons row when a code takes something off', () => {
    render(
      <OrderSummary
        summary={{
          subTotal: 5499,
          couponDiscount: 825,
          shippingAndHandling: 799,
          totalTax: 0,
          isTaxCalculated: false,
          orderTotal: 5473,
          youSaved: 825,
          isDigitalItemsOnly: false,
          shippingAddressAvailable: false,
        }}
      />,
    );
    expect(screen.getByTestId('summary-coupons').textContent).toBe('−$8.25');
    expect(screen.getByTestId('summary-total').textContent).toBe('$54.73');
  });
});
