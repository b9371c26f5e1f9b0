import { readFileSync } from 'node:fs';
import { config, ConfigError, type Config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { appleValidator } from './apple-validator.ts';
import { embeddedValidator } from './embedded-validator.ts';
import type { MerchantValidator } from './merchant-validator.ts';

/**
 * The merchant validator a configuration chooses by WALLET: the embedded one (default), Apple's payment session
 * endpoint (needs APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_PATH and APPLE_PAY_KEY_PATH; the files are read once, here),
 * or none (off: express checkout shows no wallet button and the wallet's endpoints refuse).
 */
export function makeMerchantValidator(c: Config = config()): MerchantValidator | null {
  if (c.WALLET === 'off') return null;
  if (c.WALLET === 'apple') {
    if (!c.APPLE_PAY_MERCHANT_ID || !c.APPLE_PAY_CERT_PATH || !c.APPLE_PAY_KEY_PATH) {
      throw new ConfigError('WALLET=apple needs APPLE_PAY_MERCHANT_ID, APPLE_PAY_CERT_PATH and APPLE_PAY_KEY_PATH (see .env.example).');
    }
    return appleValidator({
      merchantId: c.APPLE_PAY_MERCHANT_ID,
      cert: readFileSync(c.APPLE_PAY_CERT_PATH, 'utf8'),
      key: readFileSync(c.APPLE_PAY_KEY_PATH, 'utf8'),
      baseUrl: c.APPLE_PAY_VALIDATION_URL,
      timeoutMs: c.PAYMENT_TIMEOUT_MS,
    });
  }
  return embeddedValidator({ database: getDb });
}
