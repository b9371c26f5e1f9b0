import { atom } from 'nanostores';
import * as v from 'valibot';
import { callApi } from '../api-client.ts';

/**
 * The visitor as the header sees them. Pages are static and render the signed-out header; after hydration
 * `loadCustomer` asks GET /api/global/me and the header switches to the signed-in state.
 *
 * Contract of GET /api/global/me:
 * `{ status: 'success', body: { authenticated, firstName, rewards, isPLCCHolder? } }`, rewards null or the
 * spec's rewards record (totalCertificateAmount in cents). The reply is validated here: a malformed one counts
 * as signed out.
 */
const RewardsSchema = v.object({
  isActiveFBBRewardsMember: v.boolean(),
  totalRewardsPoints: v.number(),
  rewardPointsThreshold: v.number(),
  tierStatus: v.nullable(v.string()),
  totalCertificateAmount: v.number(),
  rewardsPageURL: v.nullable(v.string()),
});
export const MeSchema = v.object({
  authenticated: v.boolean(),
  firstName: v.nullable(v.string()),
  rewards: v.nullable(RewardsSchema),
  isPLCCHolder: v.optional(v.picklist(['Y', 'N']), 'N'),
});
export type Customer = v.InferOutput<typeof MeSchema>;

export const SIGNED_OUT: Customer = { authenticated: false, firstName: null, rewards: null, isPLCCHolder: 'N' };
export const $customer = atom<Customer>(SIGNED_OUT);

let loading: Promise<void> | undefined;

export function loadCustomer(): Promise<void> {
  loading ??= callApi<unknown>('GET', '/api/global/me').then((r) => {
    if (!r.ok) return;
    const parsed = v.safeParse(MeSchema, r.body);
    if (parsed.success) $customer.set(parsed.output);
    else console.error('[header] /api/global/me reply is not valid', parsed.issues[0]?.message);
  });
  return loading;
}
