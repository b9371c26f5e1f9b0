import { BRAND_PROGRAMMES } from '../rewards/programmes.ts';
import { DEFAULT_REWARDS_URL, DIA_MEMBER_REWARDS_URL, MEMBER_REWARDS_URL } from './constants.ts';

/** The rewards record (spec §3), as GET /api/global/me returns it for a signed-in customer. */
export interface RewardsRecord {
  isActiveFBBRewardsMember: boolean;
  /** An active member of the other brand programme (Dia Shop Rewards): the header names and links it as it does ELQ's. */
  isActiveDiaRewardsMember: boolean;
  totalRewardsPoints: number;
  rewardPointsThreshold: number;
  tierStatus: string | null;
  /** Certificates available, integer cents. */
  totalCertificateAmount: number;
  rewardsPageURL: string | null;
}

export const REWARDS_LABELS = { member: BRAND_PROGRAMMES.elq.label, default: BRAND_PROGRAMMES.dia.label } as const;

export interface RewardsLinkInput {
  /** Rewards URL from the header content (headerRewardsUrl), if an editor set one. */
  headerUrl?: string | null | undefined;
  record?: RewardsRecord | null | undefined;
  signedIn: boolean;
}

/**
 * Where the rewards link goes and what it is called (spec §2 routes, §4 rewards display, §6 roles). The record's
 * membership (isActiveFBBRewardsMember: the one brand's programme, "ELQ Rewards") decides, on every brand's pages:
 * 1. a signed-in active member: /myelqrewards, "ELQ Rewards";
 * 2. a signed-in active Dia Shop Rewards member: /rewards, where their Dia points and rewards dollars are, "Dia Shop
 *    Rewards", over the record's and the header data's links as the ELQ member's is;
 * 3. anyone else ("Dia Shop Rewards", the other programme): the rewards page URL on the signed-in customer's
 *    record, else the rewards URL of the header data, else /rewards.
 */
export function rewardsLink({ headerUrl, record, signedIn }: RewardsLinkInput): { href: string; label: string } {
  if (signedIn && record?.isActiveFBBRewardsMember) return { href: MEMBER_REWARDS_URL, label: REWARDS_LABELS.member };
  if (signedIn && record?.isActiveDiaRewardsMember) return { href: DIA_MEMBER_REWARDS_URL, label: REWARDS_LABELS.default };
  const label = REWARDS_LABELS.default;
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
