import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import type { StoreCardAccount } from './accounts.ts';
import { NO_EXPIRY, type StoreCardSource } from './store-card-source.ts';

/** The store card as the bag keeps it (the checkout's StoredPayment): the account's id, type, last four and holder; no number, no expiry. */
export const storeCardPayment = (
  account: StoreCardAccount,
  saved = false,
): { source: StoreCardSource; cardType: string; last4: string; expMonth: number; expYear: number; holder: string } => ({
  source: { kind: 'store-card', accountId: account.accountId, ...(saved ? { saved } : {}) },
  cardType: PLCC_TYPE,
  last4: account.last4,
  expMonth: NO_EXPIRY,
  expYear: NO_EXPIRY,
  holder: `${account.firstName} ${account.lastName}`,
});
