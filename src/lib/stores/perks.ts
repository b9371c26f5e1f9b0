import { atom } from 'nanostores';
import * as v from 'valibot';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import { SubscriptionStatusReply, type SubscriptionStatus } from '../api/replies/perks.ts';
import { addToBag } from './bag.ts';
import { forgetPerksStatus, forgotten, PERKS_STATUS_KEY as KEY } from './perks-forget.ts';

/**
 * The signed-in shopper's perks membership (POST /api/checkout/subscriptionStatus), asked once per browser session
 * and account: the answer is kept in sessionStorage under the account's e-mail. Joining (the membership added) and a
 * confirmed order forget it, since the order is what makes the shopper a member.
 */
export const $perksStatus = atom<SubscriptionStatus | null>(null);

const Kept = v.object({ email: v.string(), status: SubscriptionStatusReply.entries.subscriptionStatus });

/** The question in flight, for the account it asks about, until a forget (perks-forget.ts) makes it stale. */
let asking: { email: string; done: Promise<void>; forgotten: number } | undefined;

function kept(email: string): SubscriptionStatus | null {
  try {
    const parsed = v.safeParse(Kept, JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success && parsed.output.email === email ? parsed.output.status : null;
  } catch {
    return null;
  }
}

/** Loads the status of the account signed in as `email` (kept for the session); a guest has none. */
export function loadPerksStatus(email: string | null): Promise<void> {
  if (!email) {
    $perksStatus.set(null);
    return Promise.resolve();
  }
  const known = kept(email);
  if (known) {
    $perksStatus.set(known);
    return Promise.resolve();
  }
  if (asking?.email === email && asking.forgotten === forgotten) return asking.done;
  const done = callApi(API.subscriptionStatus).then((r) => {
    if (!r.ok) return;
    sessionStorage.setItem(KEY, JSON.stringify({ email, status: r.body.subscriptionStatus }));
    $perksStatus.set(r.body.subscriptionStatus);
  });
  asking = { email, done, forgotten };
  return done;
}

/**
 * Adds the membership for the signed-in shopper (checkout spec §7: checkIfAlreadyMember, and after a sign-in in the
 * join modal the e-mail and customer id it signed in as). The reply's bag replaces the page's; its shipment carries
 * the updated shipping method, and the payment step asks for a new card (a perks item forces it, server and island).
 */
export async function joinPerks(productId: string, signedInAs: { email: string; customerId: string } | null) {
  const result = await addToBag({ productId, quantity: 1, checkIfAlreadyMember: true, ...(signedInAs ?? {}) });
  if (result.ok) forgetPerksStatus();
  return result;
}
