import * as v from 'valibot';

/**
 * POST /api/checkout/subscriptionStatus: the shopper's perks membership now. A guest, or an account that is not a
 * member, is answered isMember false with no programme; endsAt is an ISO instant.
 */
export const SubscriptionStatusReply = v.object({
  subscriptionStatus: v.object({
    isMember: v.boolean(),
    programmeName: v.nullable(v.string()),
    endsAt: v.nullable(v.string()),
  }),
});
export type SubscriptionStatus = v.InferOutput<typeof SubscriptionStatusReply>['subscriptionStatus'];
