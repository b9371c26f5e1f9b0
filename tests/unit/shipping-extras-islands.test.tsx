// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderSummary } from '#src/islands/bag/OrderSummary.tsx';
import { MethodDetails, ShippingOptions } from '#src/islands/checkout/ShippingExtras.tsx';
import { PoBoxModal } from '#src/islands/checkout/PoBoxModal.tsx';
import type { BasketSummary, BasketView, LineItemView } from '#src/lib/commerce-types.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (over: Partial<BasketSummary> = {}): BasketSummary => ({
  subTotal: 10_000,
  couponDiscount: 0,
  shippingAndHandling: 0,
  totalTax: 0,
  isTaxCalculated: true,
  orderTotal: 10_000,
  youSaved: 0,
  isDigitalItemsOnly: false,
  shippingAddressAvailable: true,
  ...over,
});

describe('the order summary', () => {
  it('shows the parts of shipping & handling that are not zero, and Package Protection as its own row', () => {
    render(
      <OrderSummary
        summary={summary({
          shippingCharge: 799,
          giftCardSurcharges: 199,
          heavyWeightItemSurcharges: 0,
          peakHandlingFee: 299,
          shippingAndHandling: 1297,
          routePackageProtectionFee: 200,
          orderTotal: 11_497,
        })}
      />,
    );
    const list = screen.getByTestId('order-summary');
    expect(within(list).getByTestId('summary-shipping').textContent).toBe('$12.97');
    expect(within(list).getByText('Gift card fee').nextElementSibling?.textContent).toBe('$1.99');
    expect(within(list).getByText('Peak handling').nextElementSibling?.textContent).toBe('$2.99');
    expect(within(list).queryByText('Heavy item surcharge')).toBeNull();
    expect(within(list).getByText('Package Protection').nextElementSibling?.textContent).toBe('$2.00');
    expect(within(list).getByTestId('summary-total').textContent).toBe('$114.97');
  });

  it('has no protection or surcharge rows when there are none', () => {
    render(<OrderSummary summary={summary({ shippingAndHandling: 799, orderTotal: 10_799 })} />);
    expect(screen.queryByText('Package Protection')).toBeNull();
    expect(screen.queryByText('Gift card fee')).toBeNull();
    expect(screen.queryByText('Peak handling')).toBeNull();
  });
});

describe('a shipping method', () => {
  it('lists its product surcharges and the perks sign-up line', () => {
    render(
      <MethodDetails
        method={{
          id: 'Express',
          name: 'Express',
          description: '',
          c_shippingMethodLabel: '',
          price: 1499,
          originalPrice: 1499,
          productSurcharges: [{ itemText: 'Heavy item surcharge', price: 499 }],
          shipPerksSignUpMsg: 'Free Express shipping with Fernbrook Perks Annual Membership',
        }}
      />,
    );
    expect(screen.getByText('Heavy item surcharge: +$4.99')).toBeTruthy();
    expect(screen.getByText('Free Express shipping with Fernbrook Perks Annual Membership')).toBeTruthy();
  });
});

const basket = (over: Partial<BasketView>): BasketView =>
  ({
    basketId: 'b1',
    productItems: [],
    c_summary: summary(),
    c_ecoship: { isEcoshipApplicable: true, ecoshipDate: '2026-12-02', ecoshipDisplayDate: 'Wednesday, December 2' },
    c_isEcoShip: false,
    c_packageProtection: { fee: 200, isApplied: false },
    ...over,
  }) as BasketView;

function stubApi(reply: (path: string, body: unknown) => { status: number; json: unknown }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      const r = reply(path, body);
      return new Response(JSON.stringify(r.json), { status: r.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('the shipping options', () => {
  it('auto-apply protection once on entering the step, with its price and a one-line explanation', async () => {
    const calls = stubApi(() => ({
      status: 200,
      json: { status: 'success', body: { basket: basket({ c_packageProtection: { fee: 200, isApplied: true } }) } },
    }));
    render(<ShippingOptions basket={basket({})} onError={() => {}} />);
    const box = screen.getByRole('checkbox', { name: 'Protect my package ($2.00)' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(/lost, stolen or damaged/);
    await waitFor(() => expect(calls).toEqual([{ path: '/checkout/api/route_package_protection', body: { action: 'autoapply' } }]));
    expect(screen.getByRole('checkbox', { name: 'Ship with fewer boxes (EcoShip): arrives by Wednesday, December 2' })).toBeTruthy();
  });

  it('shows nothing when protection costs nothing and EcoShip does not apply', () => {
    const calls = stubApi(() => ({ status: 500, json: {} }));
    const { container } = render(
      <ShippingOptions
        basket={basket({
          c_packageProtection: { fee: 0, isApplied: false },
          c_ecoship: { isEcoshipApplicable: false, ecoshipDate: '', ecoshipDisplayDate: '' },
        })}
        onError={() => {}}
      />,
    );
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
  });

  it('reports a failed removal and leaves the box as the server holds it', async () => {
    const onError = vi.fn();
    stubApi(() => ({ status: 503, json: { status: 'error', message: 'Protection is unavailable right now.' } }));
    const errors: Event[] = [];
    window.addEventListener('siteError', (e) => errors.push(e));
    render(<ShippingOptions basket={basket({ c_packageProtection: { fee: 200, isApplied: true } })} onError={onError} />);
    const box = screen.getByRole('checkbox', { name: 'Protect my package ($2.00)' }) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Protection is unavailable right now.'));
    expect(box.checked).toBe(true);
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('About Your Order', () => {
  const line = (itemId: string, productName: string) => ({ itemId, productName, colorName: 'Black', sizeLabel: '8' }) as LineItemView;
  it('names the items and offers Remove This Item for one, Remove These Items for several', () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
    const onRemove = vi.fn();
    const { rerender } = render(
      <PoBoxModal lines={[line('a', 'Knee-High Boot')]} busy={false} addressFieldId="x" onRemove={onRemove} onClose={() => {}} />,
    );
    expect(screen.getByText('These items cannot be shipped to a P.O. Box. Edit your address or remove this item.')).toBeTruthy();
    expect(screen.getByText('Knee-High Boot')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove This Item' }));
    expect(onRemove).toHaveBeenCalled();
    rerender(
      <PoBoxModal
        lines={[line('a', 'Knee-High Boot'), line('b', 'Chelsea Boot')]}
        busy={false}
        addressFieldId="x"
        onRemove={onRemove}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove These Items' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Shipping Address' })).toBeTruthy();
  });
});
