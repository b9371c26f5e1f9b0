import type { Db } from '../db/database.ts';
import type { RewardsRecord } from '#src/lib/header/rewards.ts';

/**
 * The customer's rewards record (header spec §3). Every account is enrolled when it is created, with no points
 * yet. Orders do not earn points here: points, certificates and membership of the ELQ programme are set by the
 * loyalty back office (a row update here).
 */
export const POINTS_THRESHOLD = 500;

export async function enrolInRewards(db: Db, customerId: string): Promise<void> {
  await db.kysely
    .insertInto('rewards_accounts')
    .values({
      customer_id: customerId,
      is_active_member: 0,
      points: 0,
      threshold: POINTS_THRESHOLD,
      tier: null,
      certificate_cents: 0,
      page_url: null,
      plcc_holder: 0,
    })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
}

export async function rewardsFor(db: Db, customerId: string): Promise<{ record: RewardsRecord; plccHolder: boolean } | null> {
  const row = await db.kysely.selectFrom('rewards_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) return null;
  return {
    record: {
      isActiveFBBRewardsMember: row.is_active_member === 1,
      totalRewardsPoints: row.points,
      rewardPointsThreshold: row.threshold,
      tierStatus: row.tier,
      totalCertificateAmount: row.certificate_cents,
      rewardsPageURL: row.page_url,
    },
    plccHolder: row.plcc_holder === 1,
  };
}
