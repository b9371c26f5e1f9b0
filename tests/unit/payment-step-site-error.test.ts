// @vitest-environment jsdom
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { TEST_ADDRESS } from '../helpers/checkout-fixtures.ts';
import { $checkout, submitBilling, submitPayment } from '#src/lib/stores/checkout.ts';
import { checkoutViewFixture } from '../helpers/reply-fixtures.ts';

/**
 * Checkout spec §8 "Missing billing address after update": when the payment step's update answers with a checkout
 * that has no billing address, a site error event with code E8001 is reported; a checkout with one reports nothing.
 */
type Layer = { event: string; message?: string; path?: string }[];
const dataLayer = () => (window as { dataLayer?: Layer }).dataLayer ?? [];
const answer = (billingAddress: typeof TEST_ADDRESS | null) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ status: 'success', body: { checkout: checkoutViewFixture({ shippingAddress: TEST_ADDRESS, billingAddress }) } }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );

beforeEach(() => $checkout.set(checkoutViewFixture({ shippingAddress: TEST_ADDRESS })));
afterEach(() => {
  vi.unstubAllGlobals();
  $checkout.set(null);
  delete (window as { dataLayer?: Layer }).dataLayer;
});

it('a payment update answered without a billing address reports site error E8001', async () => {
  answer(null);
  expect(await submitPayment({ paymentInstrumentId: 'pi-1', billingSameAsShipping: true, save_credit_card: false })).toEqual({ ok: true });
  expect(dataLayer()).toEqual([expect.objectContaining({ event: 'siteError', message: 'E8001', path: '/api/checkout/payment_method/update/' })]);
});

it('a billing update answered without a billing address reports E8001 too', async () => {
  answer(null);
  await submitBilling(true);
  expect(dataLayer()).toEqual([expect.objectContaining({ message: 'E8001', path: '/api/checkout/billing_address/update/' })]);
});

it('an update answered with a billing address reports nothing', async () => {
  answer(TEST_ADDRESS);
  await submitPayment({ paymentInstrumentId: 'pi-1', billingSameAsShipping: true, save_credit_card: false });
  await submitBilling(true);
  expect(dataLayer()).toEqual([]);
});
