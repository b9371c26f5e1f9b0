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

/**
 * GET /api/checkout/rewards: the brand programmes' rewards the bag offers the signed-in shopper (none for a guest), as
 * the product spec's "Rewards" names them; amounts in cents.
 */
export const RewardsOffersReply = v.object({
  rewards: v.array(
    v.object({
      applicableRewards: v.pipe(v.number(), v.integer(), v.minValue(0)),
      totalRewards: v.pipe(v.number(), v.integer(), v.minValue(0)),
      paymentMethodId: v.picklist(['FB_REWARD_DOLLAR', 'DIA_REWARDS']),
      rewardsType: v.string(),
      rewardBrand: v.picklist(['zq', 'dia']),
      label: v.string(),
    }),
  ),
});
