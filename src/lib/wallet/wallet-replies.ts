import type { PlacementReply, PlacementResult } from '../checkout/placement-result.ts';
import type { WalletError } from './wallet-contact.ts';

/** The merchant session object, in Apple's shape: opaque to the browser, which hands it to the payment sheet. */
// A type, not an interface: the reply's schema keeps Apple's other fields as they came (an index signature).
export type MerchantSession = {
  epochTimestamp: number;
  expiresAt: number;
  merchantSessionIdentifier: string;
  nonce: string;
  merchantIdentifier: string;
  domainName: string;
  displayName: string;
  signature: string;
  operationalAnalyticsIdentifier?: string;
  retries?: number;
  pspId?: string;
};

/**
 * The wallet's placement: a placement's reply (src/lib/checkout/checkout-types.ts) with the errors the payment sheet
 * shows at its contact fields (none once the contacts were taken).
 */
export interface WalletReply extends Omit<PlacementReply, 'result'> {
  result: PlacementResult & { errors: WalletError[] };
}
