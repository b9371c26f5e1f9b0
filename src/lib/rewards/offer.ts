import { BRAND_PROGRAMMES, brandProgrammeOf, type BrandProgrammeId, type RewardBrand } from './programmes.ts';

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

/** A brand programme's rewards as the bag and the payment step offer them (product spec §3 "Rewards"). */
export interface RewardsOffer {
  /** What the rewards would pay of this bag now, in cents: the lesser of the balance and what is left to pay. */
  applicableRewards: number;
  /** The member's balance in the programme, in cents. */
  totalRewards: number;
  paymentMethodId: 'FB_REWARD_DOLLAR' | 'DIA_REWARDS';
  rewardsType: string;
  rewardBrand: RewardBrand;
  label: string;
}

export interface RewardsOffersInput {
  /** Per brand programme: whether the shopper is an active member, and their balance in cents. */
  balances: Partial<Record<BrandProgrammeId, { isActiveMember: boolean; totalRewards: number }>>;
  /** The brands of the bag's merchandise: a programme is offered on a bag that holds one of its brands. */
  brands: readonly string[];
  /** What is left to pay once the bag's tenders have paid (amountDue). */
  amountDue: number;
  /** The bag holds as many codes or tenders as it may. */
  isMaxDiscountsApplied: boolean;
  /** The programmes whose rewards are on the bag already. */
  applied: readonly BrandProgrammeId[];
  /**
   * The bag's brands take rewards as payment (c_applicablePaymentMethods): where one does not, applying is refused,
   * so nothing is offered.
   */
  rewardsTaken: boolean;
}

/** The offers the bag shows, one per brand programme that passes showsRewardsOffer. */
export function rewardsOffers(input: RewardsOffersInput): RewardsOffer[] {
  const offers: RewardsOffer[] = [];
  if (!input.rewardsTaken) return offers;
  for (const id of ['elq', 'dia'] as const) {
    const programme = BRAND_PROGRAMMES[id];
    const balance = input.balances[id];
    if (!balance || !input.brands.some((b) => brandProgrammeOf(b) === id)) continue;
    const applicable = Math.min(balance.totalRewards, Math.max(0, input.amountDue));
    const shown = showsRewardsOffer({
      isActiveMember: balance.isActiveMember,
      eligibleCents: applicable,
      isMaxDiscountsApplied: input.isMaxDiscountsApplied,
      rewardsApplied: input.applied.includes(id),
    });
    if (!shown) continue;
    offers.push({
      applicableRewards: applicable,
      totalRewards: balance.totalRewards,
      paymentMethodId: programme.paymentMethodId,
      rewardsType: programme.rewardsType,
      rewardBrand: programme.rewardBrand,
      label: programme.label,
    });
  }
  return offers;
}
