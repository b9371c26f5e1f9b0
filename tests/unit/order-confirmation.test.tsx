// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderConfirmation } from '#src/islands/checkout/OrderConfirmation.tsx';
import { OrderDetails } from '#src/islands/checkout/OrderDetails.tsx';
import type { OrderConfirmationView } from '#src/lib/checkout/checkout-types.ts';
import { SITE_ERROR_EVENT } from '#src/lib/analytics.ts';
import { signInFixture } from '../helpers/reply-fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const order: OrderConfirmationView = {
  orderId: '0b8f7a52-3f7e-4c8e-9c55-7e0a4a3b2a11',
  orderNo: '12-34567-890',
  email: 'ann@example.com',
  placedAt: '2025-01-01T10:00:00.000Z',
  status: 'placed',
  lines: [
    {
      productId: 'fb-1001',
      productName: 'Everyday Crew Tee',
      details: ['Black · M'],
      imageUrl: '/img/a.jpg',
      quantity: 2,
      unitPrice: 1999,
      lineTotal: 3998,
      originalTotal: null,
    },
    {
      productId: 'rm-3002',
      productName: 'Utility Jacket',
      details: ['Olive · M'],
      imageUrl: '/img/b.jpg',
      quantity: 1,
      unitPrice: 8900,
      lineTotal: 8900,
      originalTotal: null,
    },
  ],
  summary: {
    subTotal: 12898,
    couponDiscount: 1000,
    shippingAndHandling: 0,
    totalTax: 951,
    isTaxCalculated: true,
    orderTotal: 12849,
    youSaved: 1000,
    isDigitalItemsOnly: false,
    shippingAddressAvailable: true,
  },
  delivery: { name: 'Standard Delivery', delivery: '5-7 business days' },
  shippingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    address1: '224 W 35th St',
    address2: 'Apt 4',
    company: '',
    city: 'New York',
    stateCode: 'NY',
    postalCode: '10001',
    phone: '(212) 555-0100',
    countryCode: 'US',
  },
  billingAddress: null,
  payment: { method: 'credit card', cardType: 'Visa', last4: '4242' },
  payments: [{ label: 'Visa ending in 4242', amount: 12849, balanceLeft: null }],
  canRegister: true,
};

type Reply = { status: number; body: unknown };
/** A fetch that answers by path; every call is recorded. */
function api(routes: Record<string, Reply>) {
  const fetch = vi.fn(async (path: string, _init?: RequestInit) => {
    const r = routes[path] ?? { status: 404, body: { status: 'error', message: 'no route' } };
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const ok = (body: unknown): Reply => ({ status: 200, body: { status: 'success', body } });
const noRecs = ok({ headline: 'You may also like', products: [] });

describe('order confirmation', () => {
  it('shows the order: number, e-mail, lines, summary, ship-to and card; focus on the heading', async () => {
    api({ '/api/order-confirmation/order': ok({ order }), '/api/order-confirmation/recommendations': noRecs });
    render(<OrderConfirmation />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('12-34567-890')).toBeTruthy();
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Items in your order' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Everyday Crew TeeBlack · MQty: 2Line total $39.98',
      'Utility JacketOlive · MQty: 1Line total $89.00',
    ]);
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$128.98');
    expect(screen.getByTestId('summary-coupons').textContent).toBe('−$10.00');
    expect(screen.getByTestId('summary-shipping').textContent).toBe('Free');
    expect(screen.getByTestId('summary-tax').textContent).toBe('$9.51');
    expect(screen.getByTestId('summary-total').textContent).toBe('$128.49');
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toContain('Visa ending in 4242');
    expect(screen.getByText(/224 W 35th St, Apt 4/)).toBeTruthy();
  });

  it('an order PayPal paid names PayPal as its payment', async () => {
    const byPayPal = {
      ...order,
      payment: { method: 'paypal', cardType: null, last4: null },
      payments: [{ label: 'PayPal', amount: 12849, balanceLeft: null }],
    };
    api({ '/api/order-confirmation/order': ok({ order: byPayPal }), '/api/order-confirmation/recommendations': noRecs });
    render(<OrderConfirmation />);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    const payments = within(screen.getByRole('region', { name: 'Payments' }));
    expect(payments.getByText('PayPal')).toBeTruthy();
    expect(payments.getByText('$128.49')).toBeTruthy();
  });

  it('writes the name parts on one line when they are 27 characters together at most, else one line each (small-text rule)', () => {
    const long = { ...order.shippingAddress!, firstName: 'Maximiliana', lastName: 'Featherstonehaugh' };
    const { container, rerender } = render(<OrderDetails order={{ ...order, shippingAddress: long }} />);
    expect(container.querySelector('address')?.innerHTML).toMatch(/^Maximiliana<br>Featherstonehaugh<br>/);
    rerender(<OrderDetails order={{ ...order, shippingAddress: { ...long, lastName: 'Featherstonehaug' } }} />);
    expect(container.querySelector('address')?.innerHTML).toMatch(/^Maximiliana Featherstonehaug<br>/);
  });

  it('shows the full total, then each payment with its amount (a gift card with its balance left), and a separate billing address', async () => {
    const split = {
      ...order,
      summary: { ...order.summary, giftCardsApplied: 10000, amountDue: 2849 },
      billingAddress: { ...order.shippingAddress!, address1: '1 Billing Way', address2: '' },
      payments: [
        { label: 'Gift card •••• 1234', amount: 10000, balanceLeft: 500 },
        { label: 'Visa ending in 4242', amount: 2849, balanceLeft: null },
      ],
    };
    api({ '/api/order-confirmation/order': ok({ order: split }), '/api/order-confirmation/recommendations': noRecs });
    render(<OrderConfirmation />);
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(screen.getByTestId('summary-total').textContent).toBe('$128.49');
    // A placed order lists its payments one by one, not by kind.
    expect(screen.queryByTestId('summary-gift-cards')).toBeNull();
    const payments = within(screen.getByRole('region', { name: 'Payments' }));
    expect(payments.getAllByRole('term').map((t) => t.textContent)).toEqual(['Gift card •••• 1234Balance left $5.00', 'Visa ending in 4242']);
    expect(payments.getAllByRole('definition').map((d) => d.textContent)).toEqual(['$100.00', '$28.49']);
    expect(screen.getByRole('heading', { level: 3, name: 'Billing address' })).toBeTruthy();
    expect(screen.getByText(/1 Billing Way/)).toBeTruthy();
  });

  it('says it could not find a recent order (404), with links to track an order and go home', async () => {
    api({
      '/api/order-confirmation/order': { status: 404, body: { status: 'error', message: 'We could not find a recent order in this browser.' } },
    });
    render(<OrderConfirmation />);
    expect(await screen.findByRole('heading', { name: 'We could not find a recent order in this browser.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Track an order' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: 'continue shopping' }).getAttribute('href')).toBe('/home');
  });

  it('a failed e-mail sign-up is only logged: no alert, the site error event fires', async () => {
    api({
      '/api/order-confirmation/order': ok({ order }),
      '/api/order-confirmation/recommendations': noRecs,
      '/api/order-confirmation/emailSubscription': { status: 500, body: { status: 'error', message: 'Database down' } },
    });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const logged = vi.fn();
    window.addEventListener(SITE_ERROR_EVENT, logged);
    render(<OrderConfirmation />);
    const signup = within(await screen.findByRole('region', { name: 'Get our e-mails' }));
    fireEvent.click(signup.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    window.removeEventListener(SITE_ERROR_EVENT, logged);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect((signup.getByRole('button', { name: 'Sign Up' }) as HTMLButtonElement).disabled).toBe(false));
  });

  it('signs up the e-mail with salesChannel web, from the order confirmation', async () => {
    const fetch = api({
      '/api/order-confirmation/order': ok({ order }),
      '/api/order-confirmation/recommendations': noRecs,
      '/api/order-confirmation/emailSubscription': ok({ success: true }),
    });
    render(<OrderConfirmation />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Thanks! ann@example.com is signed up for news and offers.')).toBeTruthy();
    const call = fetch.mock.calls.find(([p]) => p === '/api/order-confirmation/emailSubscription');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ann@example.com', salesChannel: 'web', place: 'order-confirmation' });
  });

  it('a guest order offers an account: the checklist gates the button, and register-user gets email, password and orderId', async () => {
    const fetch = api({
      '/api/order-confirmation/order': ok({ order }),
      '/api/order-confirmation/recommendations': noRecs,
      '/api/checkout/register-user/': ok(signInFixture()),
    });
    render(<OrderConfirmation />);
    const panel = within(await screen.findByRole('region', { name: 'Create an account' }));
    expect(panel.getAllByRole('listitem').map((li) => li.textContent?.replace(/[✓○]\s*/, '').replace(/ \((not )?met\)$/, ''))).toEqual([
      '8-16 Characters',
      '1 Letter',
      '1 Number',
    ]);
    const create = panel.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'short1' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(panel.getByLabelText('Password'), { target: { value: 'longer123' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);
    expect(await screen.findByRole('heading', { name: 'Your account has been created' })).toBeTruthy();
    const call = fetch.mock.calls.find(([p]) => p === '/api/checkout/register-user/');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'ann@example.com', password: 'longer123', orderId: order.orderId });
  });

  it("an order an account already holds offers no account creation; recommendations are asked for by the order's products", async () => {
    const fetch = api({
      '/api/order-confirmation/order': ok({ order: { ...order, canRegister: false } }),
      '/api/order-confirmation/recommendations': ok({
        headline: 'You may also like',
        products: [
          {
            id: 'ks-6001',
            name: 'Rain Shell',
            default_link: '/p/rain-shell-ks-6001',
            default_thumbnail: '/img/c.jpg',
            rating: 4.5,
            brandname: 'KS',
            default_pricing: { currency: 'USD', salePrice: 5900, isRange: false, savingsMessage: null },
            listPriceLow: 5900,
            listPriceHigh: 5900,
            salePriceLow: 5900,
            salePriceHigh: 5900,
          },
        ],
      }),
    });
    render(<OrderConfirmation />);
    const recs = within(await screen.findByRole('region', { name: 'You may also like' }));
    expect(recs.getByRole('link', { name: /Rain Shell/ }).getAttribute('href')).toBe('/p/rain-shell-ks-6001');
    expect(screen.queryByRole('region', { name: 'Create an account' })).toBeNull();
    const call = fetch.mock.calls.find(([p]) => p === '/api/order-confirmation/recommendations');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ productIds: ['fb-1001', 'rm-3002'] });
  });
});
