import { describe, expect, it } from 'vitest';
import { paypalScriptUrl } from '#src/lib/checkout/web-payment-buttons.ts';
import { parseConfig } from '#src/server/config.ts';
import { makeWebPaymentProvider, webPaymentButtons } from '#src/server/payments/web-payments.ts';

describe('web payment buttons configuration', () => {
  it('PayPal: USD, authorize intent, buttons and Pay Later messages, Venmo funding, with the public client id', () => {
    const buttons = webPaymentButtons(parseConfig({ WEB_PAYMENT: 'paypal', PAYPAL_CLIENT_ID: 'client-1', PAYPAL_CLIENT_SECRET: 'secret-1' }));
    expect(buttons).toEqual({
      provider: 'paypal',
      clientId: 'client-1',
      currency: 'USD',
      intent: 'authorize',
      components: ['buttons', 'messages'],
      enableFunding: ['venmo'],
    });
    if (!buttons?.clientId) throw new Error('no client id');
    const url = new URL(paypalScriptUrl({ ...buttons, clientId: buttons.clientId }));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'client-id': 'client-1',
      currency: 'USD',
      intent: 'authorize',
      components: 'buttons,messages',
      'enable-funding': 'venmo',
    });
  });

  it('the embedded sandbox by default, with no client id; none when off', () => {
    expect(webPaymentButtons(parseConfig({}))).toMatchObject({ provider: 'embedded', clientId: null, intent: 'authorize' });
    expect(webPaymentButtons(parseConfig({ WEB_PAYMENT: 'off' }))).toBeNull();
    expect(makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'off' }))).toBeNull();
    expect(makeWebPaymentProvider(parseConfig({}))?.name).toBe('embedded');
  });

  it('PayPal without its credentials stops with a message naming them', () => {
    expect(() => makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'paypal' }))).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    expect(makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'paypal', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }))?.name).toBe('paypal');
    expect(() => parseConfig({ WEB_PAYMENT: 'venmo' })).toThrow(/WEB_PAYMENT must be embedded, paypal or off/);
  });
});
