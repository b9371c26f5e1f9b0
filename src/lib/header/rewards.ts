import { DEFAULT_REWARDS_URL, MEMBER_REWARDS_URL } from './constants.ts';

/** The rewards record (spec §3), as GET /api/global/me returns it for a signed-in customer. */
export interface RewardsRecord {
  isActiveFBBRewardsMember: boolean;
  totalRewardsPoints: number;
  rewardPointsThreshold: number;
  tierStatus: string | null;
  /** Certificates available, integer cents. */
  totalCertificateAmount: number;
  rewardsPageURL: string | null;
}

/** The brand whose active rewards members have their own page and label ("ELQ Rewards"): Fernbrook (fb). */
export const MEMBER_REWARDS_BRAND = 'fb';
export const REWARDS_LABELS = { member: 'ELQ Rewards', default: 'Dia Shop Rewards' } as const;

export interface RewardsLinkInput {
  /** Rewards URL from the header content (headerRewardsUrl), if an editor set one. */
  headerUrl?: string | null | undefined;
  record?: RewardsRecord | null | undefined;
  signedIn: boolean;
  /** The brand whose pages the shopper is on. */
  brand?: string | null | undefined;
}

/**
 * Where the rewards link goes, in order of precedence (spec §2 routes, §4 rewards display):
 * 1. /myelqrewards for a signed-in active member of the member brand while on that brand;
 * 2. the rewards page URL on the customer's rewards record;
 * 3. the rewards URL of the header data;
 * 4. /rewards.
 */
export function rewardsLink({ headerUrl, record, signedIn, brand }: RewardsLinkInput): { href: string; label: string } {
  const member = signedIn && !!record?.isActiveFBBRewardsMember;
  if (member && brand === MEMBER_REWARDS_BRAND) return { href: MEMBER_REWARDS_URL, label: REWARDS_LABELS.member };
  const label = member ? REWARDS_LABELS.member : REWARDS_LABELS.default;
  if (signedIn && record?.rewardsPageURL) return { href: record.rewardsPageURL, label };
  if (headerUrl) return { href: headerUrl, label };
  return { href: DEFAULT_REWARDS_URL, label };
}

/** The points bar: points against the threshold, as a whole percentage 0–100. */
export function pointsProgress(record: Pick<RewardsRecord, 'totalRewardsPoints' | 'rewardPointsThreshold'>): number {
  if (record.rewardPointsThreshold <= 0) return 100;
  const pct = (record.totalRewardsPoints / record.rewardPointsThreshold) * 100;
  return Math.max(0, Math.min(100, Math.floor(pct)));
}
