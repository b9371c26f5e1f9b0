import type { CardTokenization } from '../../lib/checkout/tokenize.ts';
import { config, ConfigError, storeOrigin } from '../config.ts';
import { getDb } from '../db/database.ts';
import type { PaymentGateway } from './gateway.ts';
import { SANDBOX_TOKENS_PATH } from './sandbox/mount.ts';
import { sandboxGateway } from './sandbox/sandbox-gateway.ts';
import { SANDBOX_PUBLISHABLE_KEY } from './sandbox/tokens.ts';
import { stripeGateway } from './stripe/stripe-gateway.ts';

/**
 * The card gateway the store uses, chosen by PAYMENT_GATEWAY: the embedded sandbox (default) or Stripe (needs
 * STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY). One per process.
 */
let gateway: PaymentGateway | undefined;

function stripeKeys(): { secretKey: string; publishableKey: string } {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY } = config();
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (see .env.example).');
  }
  return { secretKey: STRIPE_SECRET_KEY, publishableKey: STRIPE_PUBLISHABLE_KEY };
}

export function paymentGateway(): PaymentGateway {
  if (!gateway) {
    const c = config();
    gateway =
      c.PAYMENT_GATEWAY === 'stripe'
        ? stripeGateway({ apiBase: c.STRIPE_API_BASE, secretKey: stripeKeys().secretKey, timeoutMs: c.PAYMENT_TIMEOUT_MS })
        : sandboxGateway({ database: getDb, timeoutMs: c.PAYMENT_TIMEOUT_MS });
  }
  return gateway;
}

/** Where the browser sends the card to be tokenized, and the publishable key it sends with it. */
export function cardTokenization(): CardTokenization {
  const c = config();
  if (c.PAYMENT_GATEWAY === 'stripe') return { url: `${c.STRIPE_API_BASE}/v1/tokens`, publishableKey: stripeKeys().publishableKey };
  return { url: `${storeOrigin(c)}${SANDBOX_TOKENS_PATH}`, publishableKey: SANDBOX_PUBLISHABLE_KEY };
}

/** Whether the checkout offers the wallet (Apple Pay): WALLET=embedded (the sandbox) or off; the page mirrors it. */
export const walletOffered = (): boolean => config().WALLET === 'embedded';
