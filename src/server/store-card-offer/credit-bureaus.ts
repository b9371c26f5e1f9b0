import { config, ConfigError, type Config } from '../config.ts';
import { breadBureau } from './bread-bureau.ts';
import { offBureau, type CreditBureau } from './credit-bureau.ts';
import { embeddedBureau } from './embedded-bureau.ts';

/** The bureau configuration asks for (CREDIT_BUREAU). */
export function createCreditBureau(c: Config): CreditBureau {
  if (c.CREDIT_BUREAU === 'off') return offBureau;
  if (c.CREDIT_BUREAU === 'embedded') return embeddedBureau;
  if (!c.CREDIT_BUREAU_API_KEY) throw new ConfigError('CREDIT_BUREAU=bread needs CREDIT_BUREAU_API_KEY (see .env.example).');
  return breadBureau({ baseUrl: c.CREDIT_BUREAU_BASE_URL, apiKey: c.CREDIT_BUREAU_API_KEY });
}

let bureau: CreditBureau | undefined;

export function creditBureau(): CreditBureau {
  bureau ??= createCreditBureau(config());
  return bureau;
}
