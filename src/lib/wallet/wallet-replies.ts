import type { OrderResult } from '../checkout/checkout-types.ts';
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

/** The wallet's payment placed (or refused): the reply's status, the order result with the sheet's errors, and whether it is a replay. */
export interface WalletReply {
  status: number;
  result: OrderResult & { orderId: string | null; errors: WalletError[] };
  replayed: boolean;
}
