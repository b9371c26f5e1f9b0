import { PAYPAL_SDK_URLS, WEB_PAYMENT_SETTINGS, type WebPaymentButtons } from '../../lib/checkout/web-payment-buttons.ts';
import { config, ConfigError, storeOrigin, type Config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { SharedPromise } from '../shared-promise.ts';
import { SANDBOX_PAYPAL_PATH } from './paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from './paypal-sandbox/sandbox-web-payment.ts';
import { databaseOrderIndex } from './paypal/order-index.ts';
import type { WebPaymentProvider } from './web-payment.ts';

/** PayPal's API origin for each environment (PAYPAL_BASE_URL points the adapter at another, a stand-in's). */
const PAYPAL_API_BASES = { sandbox: 'https://api-m.sandbox.paypal.com', production: 'https://api-m.paypal.com' } as const;

/**
 * A provider whose module is loaded when it is first called: PayPal's server SDK, with its HTTP client and schema
 * libraries, is about 10 MB of a server's heap once imported, which a store on the embedded sandbox never needs. A
 * load that fails is not kept: the next call tries again.
 */
function loadedOnFirstUse(name: string, load: () => Promise<WebPaymentProvider>): WebPaymentProvider {
  const loading = new SharedPromise<WebPaymentProvider>();
  const provider = () => loading.once(load);
  return {
    name,
    createOrder: async (request) => (await provider()).createOrder(request),
    getOrder: async (orderId) => (await provider()).getOrder(orderId),
    updateAmount: async (orderId, breakdown) => (await provider()).updateAmount(orderId, breakdown),
    authorizeOrder: async (orderId, requestId) => (await provider()).authorizeOrder(orderId, requestId),
    captureAuthorization: async (authorizationId, requestId) => (await provider()).captureAuthorization(authorizationId, requestId),
    voidAuthorization: async (authorizationId) => (await provider()).voidAuthorization(authorizationId),
    findByReference: async (reference) => (await provider()).findByReference(reference),
  };
}

function paypalCredentials(c: Config): { clientId: string; clientSecret: string } {
  if (!c.PAYPAL_CLIENT_ID || !c.PAYPAL_CLIENT_SECRET) {
    throw new ConfigError('WEB_PAYMENT=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (see .env.example).');
  }
  return { clientId: c.PAYPAL_CLIENT_ID, clientSecret: c.PAYPAL_CLIENT_SECRET };
}

/**
 * The web payment provider a configuration chooses by WEB_PAYMENT: the embedded PayPal sandbox (default), PayPal
 * (needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET), or none (off: express checkout shows no web payment button).
 */
export function makeWebPaymentProvider(c: Config): WebPaymentProvider | null {
  if (c.WEB_PAYMENT === 'off') return null;
  if (c.WEB_PAYMENT === 'paypal') {
    const options = {
      ...paypalCredentials(c),
      environment: c.PAYPAL_ENVIRONMENT,
      baseUrl: c.PAYPAL_BASE_URL ?? PAYPAL_API_BASES[c.PAYPAL_ENVIRONMENT],
      timeoutMs: c.PAYMENT_TIMEOUT_MS,
      index: databaseOrderIndex(getDb),
    };
    return loadedOnFirstUse('paypal', async () => (await import('./paypal/paypal-web-payment.ts')).paypalWebPayment(options));
  }
  return sandboxWebPayment({ database: getDb, approvalBase: `${storeOrigin(c)}${SANDBOX_PAYPAL_PATH}`, timeoutMs: c.PAYMENT_TIMEOUT_MS });
}

/** The buttons' configuration for the page; null when WEB_PAYMENT=off. */
export function webPaymentButtons(c: Config = config()): WebPaymentButtons | null {
  if (c.WEB_PAYMENT === 'off') return null;
  const paypal = c.WEB_PAYMENT === 'paypal';
  return {
    provider: c.WEB_PAYMENT,
    clientId: paypal ? paypalCredentials(c).clientId : null,
    environment: c.PAYPAL_ENVIRONMENT,
    sdkUrl: paypal ? (c.PAYPAL_SDK_URL ?? PAYPAL_SDK_URLS[c.PAYPAL_ENVIRONMENT]) : null,
    approvalBase: paypal ? null : `${storeOrigin(c)}${SANDBOX_PAYPAL_PATH}`,
    ...WEB_PAYMENT_SETTINGS,
  };
}

let processProvider: WebPaymentProvider | null | undefined;

/** The process's web payment provider (one per process, as the card gateway is); null when WEB_PAYMENT=off. */
export function webPaymentProvider(): WebPaymentProvider | null {
  if (processProvider === undefined) processProvider = makeWebPaymentProvider(config());
  return processProvider;
}
