import { describe, expect, it } from 'vitest';
import { paypalScriptOptions } from '#src/lib/checkout/web-payment-buttons.ts';
import { parseConfig } from '#src/server/config.ts';
import { makeWebPaymentProvider, webPaymentButtons } from '#src/server/payments/web-payments.ts';
import { startPayPalStandIn } from '../helpers/paypal-stand-in.ts';

const PAYPAL = { WEB_PAYMENT: 'paypal', PAYPAL_CLIENT_ID: 'client-1', PAYPAL_CLIENT_SECRET: 'secret-1' };

describe('web payment buttons configuration', () => {
  it('PayPal: USD, authorize intent, buttons and Pay Later messages, Venmo funding, with the public client id', () => {
    const buttons = webPaymentButtons(parseConfig(PAYPAL));
    expect(buttons).toEqual({
      provider: 'paypal',
      clientId: 'client-1',
      environment: 'sandbox',
      sdkUrl: 'https://www.sandbox.paypal.com/sdk/js',
      approvalBase: null,
      currency: 'USD',
      intent: 'authorize',
      components: ['buttons', 'messages'],
      enableFunding: ['venmo'],
    });
    if (!buttons?.clientId || !buttons.sdkUrl) throw new Error('no client id');
    expect(paypalScriptOptions({ ...buttons, clientId: buttons.clientId, sdkUrl: buttons.sdkUrl })).toEqual({
      clientId: 'client-1',
      currency: 'USD',
      intent: 'authorize',
      components: 'buttons,messages',
      enableFunding: 'venmo',
      environment: 'sandbox',
      sdkBaseUrl: 'https://www.sandbox.paypal.com/sdk/js',
    });
  });

  it('names the environment and the SDK address from the configuration', () => {
    expect(webPaymentButtons(parseConfig({ ...PAYPAL, PAYPAL_ENVIRONMENT: 'production' }))).toMatchObject({
      environment: 'production',
      sdkUrl: 'https://www.paypal.com/sdk/js',
    });
    expect(webPaymentButtons(parseConfig({ ...PAYPAL, PAYPAL_SDK_URL: 'http://127.0.0.1:9/sdk/js/' }))?.sdkUrl).toBe('http://127.0.0.1:9/sdk/js');
    expect(() => parseConfig({ ...PAYPAL, PAYPAL_SDK_URL: 'paypal.com/sdk' })).toThrow(/PAYPAL_SDK_URL must be an http\(s\) URL/);
  });

  it('the embedded sandbox by default, with no client id and its approval page; none when off', () => {
    expect(webPaymentButtons(parseConfig({}))).toMatchObject({ provider: 'embedded', clientId: null, sdkUrl: null, intent: 'authorize' });
    expect(webPaymentButtons(parseConfig({}))?.approvalBase).toMatch(/\/sandbox-paypal$/);
    expect(webPaymentButtons(parseConfig({ WEB_PAYMENT: 'off' }))).toBeNull();
    expect(makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'off' }))).toBeNull();
    expect(makeWebPaymentProvider(parseConfig({}))?.name).toBe('embedded');
  });

  it('PayPal without its credentials stops with a message naming them', () => {
    expect(() => makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'paypal' }))).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    expect(makeWebPaymentProvider(parseConfig({ WEB_PAYMENT: 'paypal', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }))?.name).toBe('paypal');
    expect(() => parseConfig({ WEB_PAYMENT: 'venmo' })).toThrow(/WEB_PAYMENT must be embedded, paypal or off/);
  });

  it("PayPal's adapter, loaded when first called, answers through the provider the configuration made", async () => {
    const standIn = await startPayPalStandIn();
    try {
      const provider = makeWebPaymentProvider(
        parseConfig({
          WEB_PAYMENT: 'paypal',
          PAYPAL_CLIENT_ID: standIn.clientId,
          PAYPAL_CLIENT_SECRET: standIn.clientSecret,
          PAYPAL_BASE_URL: standIn.baseUrl,
        }),
      );
      // PayPal's answer for an order it does not know (404 RESOURCE_NOT_FOUND), read by the adapter as none.
      await expect(provider?.getOrder('5O190127TN364715T')).resolves.toBeNull();
    } finally {
      await standIn.close();
    }
  });
});
