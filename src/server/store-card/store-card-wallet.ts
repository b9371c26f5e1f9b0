import type { Db } from '../db/database.ts';
import type { PlccInfo, SavedStoreCard } from '#src/lib/commerce/store-card.ts';
import { storeCardInstrumentId } from '#src/lib/store-card/store-card-rules.ts';
import { storeCardOf } from './accounts.ts';

/** The signed-in holder's store card among their saved payment instruments; null when they hold none. */
export async function savedStoreCard(db: Db, customerId: string): Promise<SavedStoreCard | null> {
  const account = await storeCardOf(db, customerId);
  if (!account) return null;
  return {
    paymentInstrumentId: storeCardInstrumentId(account.accountId),
    last4: account.last4,
    holder: `${account.firstName} ${account.lastName}`,
    availableCents: account.availableCents,
    points: account.points,
  };
}

/** What the header's card placements read (c_customerPlccInfo): from the account, for a visitor signed in or not. */
export async function plccInfoOf(db: Db, customerId: string | null): Promise<PlccInfo> {
  const account = customerId ? await storeCardOf(db, customerId) : null;
  return account
    ? { isHolder: true, firstName: account.firstName, availableCents: account.availableCents, points: account.points }
    : { isHolder: false, firstName: null, availableCents: 0, points: 0 };
}
