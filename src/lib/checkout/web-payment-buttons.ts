import type { PayPalScriptOptions } from '@paypal/paypal-js';

/**
 * What the express checkout's web payment buttons are configured with (header spec §9, "Payment provider
 * configuration: USD, authorise intent, messages and buttons, venmo funding"): one object the server hands the
 * page, read by the buttons. `paypal` loads PayPal's JavaScript SDK with these as its options; `embedded` draws the
 * store's own button, which creates the order on the server and opens the sandbox's approval page.
 */
export interface WebPaymentButtons {
  provider: 'paypal' | 'embedded';
  /** PayPal's REST app client id (public); null for the embedded sandbox. */
  clientId: string | null;
  /** PayPal's environment, always named (PAYPAL_ENVIRONMENT), never left to the SDK loader's default. */
  environment: 'sandbox' | 'production';
  /** PayPal's JavaScript SDK address (PAYPAL_SDK_URL, else the environment's); null for the embedded sandbox. */
  sdkUrl: string | null;
  /** The embedded sandbox's approval page base; null with PayPal (its buttons open PayPal's own window). */
  approvalBase: string | null;
  currency: 'USD';
  /** The order is authorized at placement and captured after our order is written. */
  intent: 'authorize';
  /** PayPal's buttons and its Pay Later messages. */
  components: readonly ['buttons', 'messages'];
  /** Venmo is offered beside PayPal where the shopper's device allows it. */
  enableFunding: readonly ['venmo'];
}

export const WEB_PAYMENT_SETTINGS = {
  currency: 'USD',
  intent: 'authorize',
  components: ['buttons', 'messages'],
  enableFunding: ['venmo'],
} as const satisfies Pick<WebPaymentButtons, 'currency' | 'intent' | 'components' | 'enableFunding'>;

/** PayPal's JavaScript SDK address for each environment (https://developer.paypal.com/sdk/js/configuration/). */
export const PAYPAL_SDK_URLS = { sandbox: 'https://www.sandbox.paypal.com/sdk/js', production: 'https://www.paypal.com/sdk/js' } as const;

/** The options `loadScript` of `@paypal/paypal-js` is given for a PayPal configuration. */
export function paypalScriptOptions(buttons: WebPaymentButtons & { clientId: string; sdkUrl: string }): PayPalScriptOptions {
  return {
    clientId: buttons.clientId,
    currency: buttons.currency,
    intent: buttons.intent,
    components: buttons.components.join(','),
    enableFunding: buttons.enableFunding.join(','),
    environment: buttons.environment,
    sdkBaseUrl: buttons.sdkUrl,
  };
}
