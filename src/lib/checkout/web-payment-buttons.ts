/**
 * What the express checkout's web payment buttons are configured with (header spec §9, "Payment provider
 * configuration: USD, authorise intent, messages and buttons, venmo funding"): one object the server hands the
 * page, read by the buttons. `paypal` loads PayPal's JavaScript SDK with these as its query; `embedded` draws the
 * store's own button, which creates the order on the server and opens the sandbox's approval page.
 */
export interface WebPaymentButtons {
  provider: 'paypal' | 'embedded';
  /** PayPal's REST app client id (public); null for the embedded sandbox. */
  clientId: string | null;
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
} as const satisfies Omit<WebPaymentButtons, 'provider' | 'clientId'>;

/** PayPal's JavaScript SDK address for a configuration (https://developer.paypal.com/sdk/js/configuration/). */
export function paypalScriptUrl(buttons: WebPaymentButtons & { clientId: string }): string {
  const query = new URLSearchParams({
    'client-id': buttons.clientId,
    currency: buttons.currency,
    intent: buttons.intent,
    components: buttons.components.join(','),
    'enable-funding': buttons.enableFunding.join(','),
  });
  return `https://www.paypal.com/sdk/js?${query}`;
}
