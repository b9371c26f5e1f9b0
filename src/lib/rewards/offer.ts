/**
 * Whether the bag offers a rewards programme's dollars (product spec "Perks and rewards on the page"): only to an
 * active member with an eligible amount over 0, while the bag may still take a discount and no rewards are applied.
 * The bag, the checkout and the server ask the same question here.
 */
export interface RewardsOfferInput {
  isActiveMember: boolean;
  /** What the rewards could pay on this bag, in cents (applicableRewards). */
  eligibleCents: number;
  isMaxDiscountsApplied: boolean;
  /** Rewards already applied to the bag. */
  rewardsApplied: boolean;
}

export const showsRewardsOffer = (o: RewardsOfferInput): boolean =>
  o.isActiveMember && o.eligibleCents > 0 && !o.isMaxDiscountsApplied && !o.rewardsApplied;
