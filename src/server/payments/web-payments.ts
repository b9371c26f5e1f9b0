import { PAYPAL_SDK_URLS, WEB_PAYMENT_SETTINGS, type WebPaymentButtons } from '../../lib/checkout/web-payment-buttons.ts';
import { config, ConfigError, storeOrigin, type Config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { SANDBOX_PAYPAL_PATH } from './paypal-sandbox/approval-mount.ts';
import { sandboxWebPayment } from './paypal-sandbox/sandbox-web-payment.ts';
import { databaseOrderIndex } from './paypal/order-index.ts';
import { PAYPAL_API_BASES } from './paypal/paypal-client.ts';
import { paypalWebPayment } from './paypal/paypal-web-payment.ts';
import type { WebPaymentProvider } from './web-payment.ts';

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
    return paypalWebPayment({
      ...paypalCredentials(c),
      environment: c.PAYPAL_ENVIRONMENT,
      baseUrl: c.PAYPAL_BASE_URL ?? PAYPAL_API_BASES[c.PAYPAL_ENVIRONMENT],
      timeoutMs: c.PAYMENT_TIMEOUT_MS,
      index: databaseOrderIndex(getDb),
    });
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
