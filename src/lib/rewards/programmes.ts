import type { BrandCode } from '../constants.ts';

/**
 * The rewards programmes and which brands belong to which (docs/decisions.md "Rewards and certificates"), in one
 * table: the server earns and spends by it, the pages label by it.
 * - fbb: the retailer's programme, the record the header shows. Every account is enrolled; merchandise of every brand
 *   earns its points, and each threshold's worth becomes a reward certificate.
 * - elq ("ELQ Rewards", rewardBrand zq) and dia ("Dia Shop Rewards", rewardBrand dia): brand programmes a customer
 *   joins. An active member's merchandise of the programme's brands earns its points, and each threshold's worth
 *   becomes rewards dollars, spent at checkout as FB_REWARD_DOLLAR or DIA_REWARDS.
 */
export type ProgrammeId = 'fbb' | 'elq' | 'dia';
export type BrandProgrammeId = Exclude<ProgrammeId, 'fbb'>;
export type RewardBrand = 'zq' | 'dia';
export type CertificateKind = 'FB_REWARD_CERTIFICATE' | 'ADS_REWARD_CERTIFICATE';

export const PROGRAMME_IDS: readonly ProgrammeId[] = ['fbb', 'elq', 'dia'];

export const BRAND_PROGRAMMES: Record<
  BrandProgrammeId,
  {
    label: string;
    rewardBrand: RewardBrand;
    rewardsType: string;
    paymentMethodId: 'FB_REWARD_DOLLAR' | 'DIA_REWARDS';
    brands: readonly BrandCode[];
  }
> = {
  elq: { label: 'ELQ Rewards', rewardBrand: 'zq', rewardsType: 'elqRewards', paymentMethodId: 'FB_REWARD_DOLLAR', brands: ['fb', 'ww', 'rm', 'ca'] },
  dia: { label: 'Dia Shop Rewards', rewardBrand: 'dia', rewardsType: 'diaRewards', paymentMethodId: 'DIA_REWARDS', brands: ['jl', 'bh', 'ks'] },
};

/** Points a reward takes (header spec's rewardPointsThreshold), in every programme. */
export const REWARDS_POINTS_THRESHOLD = 500;
/** What a threshold's worth of points becomes: a certificate (fbb) or rewards dollars (elq, dia), in cents. */
export const REWARD_CENTS_PER_THRESHOLD = 1000;
/** How long a certificate the store issues can be used. */
export const CERTIFICATE_VALID_DAYS = 60;
/** Certificates earned with points are this kind; the retailer card's (ADS) are issued outside the store. */
export const EARNED_CERTIFICATE_KIND: CertificateKind = 'FB_REWARD_CERTIFICATE';

/** The brand programme a merchandise line of this brand earns in, if any (fbb earns on every brand). */
export function brandProgrammeOf(brand: string): BrandProgrammeId | null {
  for (const id of ['elq', 'dia'] as const) if ((BRAND_PROGRAMMES[id].brands as readonly string[]).includes(brand)) return id;
  return null;
}

/** The programme a rewardBrand (zq, dia) names; null for anything else. */
export function programmeOfRewardBrand(rewardBrand: string): BrandProgrammeId | null {
  if (rewardBrand === BRAND_PROGRAMMES.elq.rewardBrand) return 'elq';
  if (rewardBrand === BRAND_PROGRAMMES.dia.rewardBrand) return 'dia';
  return null;
}

/** The summary rows of the points an order earned (checkout spec §3 elqRewardsEarned, diaRewardsEarned, fbbRewardsEarned). */
export const REWARDS_EARNED_LABELS = {
  fbbRewardsEarned: 'Rewards points earned',
  elqRewardsEarned: `${BRAND_PROGRAMMES.elq.label} points earned`,
  diaRewardsEarned: `${BRAND_PROGRAMMES.dia.label} points earned`,
} as const;
