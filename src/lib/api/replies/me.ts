import * as v from 'valibot';
import type { RewardsRecord } from '../../header/rewards.ts';
import { exactly } from './exact.ts';

/**
 * Who the visitor is. A module of its own: the header checks this reply in production too (src/lib/stores/customer.ts),
 * so it is bundled with every page, without the other reply schemas.
 */
const NullableText = v.nullable(v.string());

const Rewards = exactly<RewardsRecord>()(
  v.object({
    isActiveFBBRewardsMember: v.boolean(),
    isActiveDiaRewardsMember: v.boolean(),
    totalRewardsPoints: v.number(),
    rewardPointsThreshold: v.number(),
    tierStatus: NullableText,
    totalCertificateAmount: v.number(),
    rewardsPageURL: NullableText,
  }),
);

/**
 * GET /api/global/me (docs/decisions.md, header section): rewards null or the spec's rewards record
 * (totalCertificateAmount in cents).
 */
export const MeReply = v.object({
  authenticated: v.boolean(),
  firstName: NullableText,
  email: NullableText,
  rewards: v.nullable(Rewards),
  isPLCCHolder: v.optional(v.picklist(['Y', 'N']), 'N'),
  /** The store card as the header's card placements read it (header spec §3): otb (available credit) in cents. */
  c_customerPlccInfo: v.optional(v.object({ isPLCCHolder: v.picklist(['Y', 'N']), firstName: NullableText, otb: v.number(), rewards: v.number() })),
});
