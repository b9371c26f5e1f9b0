import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { paymentRequest, totals, walletButtonShown, walletTotalAmount, WALLET_API_VERSION } from '#src/lib/wallet/payment-request.ts';

const bag = { amountDue: 5497, productSubTotal: 4999, shippingTotal: 798, taxTotal: 0, adjustments: [{ label: 'Discount', cents: -300 }] };
const methods = [
  { id: 'standard', name: 'Standard', description: '5-7 business days', price: 798 },
  { id: 'express', name: 'Express', description: '2 business days', price: 1500 },
];

describe('the wallet payment request', () => {
  it('asks for API version 3, in the US, in dollars, with the total the server priced', () => {
    expect(WALLET_API_VERSION).toBe(3);
    const request = paymentRequest(bag, methods, 'standard');
    expect(request.countryCode).toBe('US');
    expect(request.currencyCode).toBe('USD');
    expect(request.total).toEqual({ label: 'Seven Brands', amount: '54.97', type: 'final' });
    expect(request.lineItems.map((l) => [l.label, l.amount])).toEqual([
      ['Subtotal', '49.99'],
      ['Discount', '-3.00'],
      ['Shipping & Handling', '7.98'],
      ['Estimated Tax', '0.00'],
    ]);
  });

  it('lists the selected shipping method first, each priced by the server', () => {
    const request = paymentRequest(bag, methods, 'express');
    expect(request.shippingMethods).toEqual([
      { label: 'Express', detail: '2 business days', amount: '15.00', identifier: 'express' },
      { label: 'Standard', detail: '5-7 business days', amount: '7.98', identifier: 'standard' },
    ]);
  });

  it('sends a total of 0 or less as 0.01', () => {
    expect(walletTotalAmount(0)).toBe('0.01');
    expect(walletTotalAmount(-5)).toBe('0.01');
    expect(walletTotalAmount(1)).toBe('0.01');
    expect(walletTotalAmount(100)).toBe('1.00');
    expect(totals({ ...bag, amountDue: 0 }).total.amount).toBe('0.01');
  });
});

describe('the wallet button', () => {
  const shown = { loaded: true, deviceSupports: true, totalCents: 100, productTypes: [1] };
  it('shows once the page has loaded on a device that supports it, for a total above 0', () => {
    expect(walletButtonShown(shown)).toBe(true);
  });
  it('hides before load, without device support, for a total of 0 or less, and with a perks item', () => {
    expect(walletButtonShown({ ...shown, loaded: false })).toBe(false);
    expect(walletButtonShown({ ...shown, deviceSupports: false })).toBe(false);
    expect(walletButtonShown({ ...shown, totalCents: 0 })).toBe(false);
    expect(walletButtonShown({ ...shown, totalCents: -1 })).toBe(false);
    expect(walletButtonShown({ ...shown, productTypes: [1, PRODUCT_TYPE.membership] })).toBe(false);
  });
});
