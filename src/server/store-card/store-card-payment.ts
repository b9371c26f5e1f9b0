import { PLCC_TYPE } from '#src/lib/checkout/card-rules.ts';
import type { StoredPayment } from '../checkout/checkout-store.ts';
import type { StoreCardAccount } from './accounts.ts';
import { NO_EXPIRY } from './store-card-source.ts';

/** The store card as the bag keeps it: the account's id, type, last four and holder; no number, no expiry. */
export const storeCardPayment = (account: StoreCardAccount): Omit<StoredPayment, 'savedCardId'> => ({
  source: { kind: 'store-card', accountId: account.accountId },
  cardType: PLCC_TYPE,
  last4: account.last4,
  expMonth: NO_EXPIRY,
  expYear: NO_EXPIRY,
  holder: `${account.firstName} ${account.lastName}`,
});
