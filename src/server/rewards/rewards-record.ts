import type { Db } from '../db/database.ts';
import type { RewardsRecord } from '#src/lib/header/rewards.ts';
import type { ProgrammeStanding } from '#src/lib/commerce/customer.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId, REWARDS_POINTS_THRESHOLD } from '#src/lib/rewards/programmes.ts';
import { rewardsAvailable } from './rewards-dollars.ts';
import { certificateTotal } from './certificates.ts';

/**
 * The customer's rewards record (header spec §3), read from the programmes: the retailer's (fbb) points against the
 * threshold, the certificates the customer can use now, the ELQ membership (isActiveFBBRewardsMember, which the
 * header labels "ELQ Rewards") and the Dia membership (isActiveDiaRewardsMember, "Dia Shop Rewards"). Tier, rewards page and store card are the retailer's record (rewards_accounts).
 */

/** Every account is enrolled when it is created: the retailer's record and programme, no points yet. */
export async function enrolInRewards(db: Db, customerId: string): Promise<void> {
  await db.kysely
    .insertInto('rewards_accounts')
    .values({ customer_id: customerId, tier: null, page_url: null, plcc_holder: 0 })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
  await db.kysely
    .insertInto('rewards_memberships')
    .values({ customer_id: customerId, programme: 'fbb', is_active: 1, points: 0 })
    .onConflict((oc) => oc.columns(['customer_id', 'programme']).doNothing())
    .execute();
}

export async function rewardsFor(db: Db, customerId: string): Promise<{ record: RewardsRecord; plccHolder: boolean } | null> {
  const row = await db.kysely.selectFrom('rewards_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
  if (!row) return null;
  const memberships = await db.kysely
    .selectFrom('rewards_memberships')
    .select(['programme', 'is_active', 'points'])
    .where('customer_id', '=', customerId)
    .execute();
  const fbb = memberships.find((m) => m.programme === 'fbb');
  const elq = memberships.find((m) => m.programme === 'elq');
  const dia = memberships.find((m) => m.programme === 'dia');
  return {
    record: {
      isActiveFBBRewardsMember: elq?.is_active === 1,
      isActiveDiaRewardsMember: dia?.is_active === 1,
      totalRewardsPoints: fbb?.points ?? 0,
      rewardPointsThreshold: REWARDS_POINTS_THRESHOLD,
      tierStatus: row.tier,
      totalCertificateAmount: await certificateTotal(db.kysely, customerId),
      rewardsPageURL: row.page_url,
    },
    plccHolder: row.plcc_holder === 1,
  };
}

/** The customer's standing in the brand programme (elq, dia); null unless an active member of it. */
export async function programmeStanding(db: Db, customerId: string, programme: BrandProgrammeId): Promise<ProgrammeStanding | null> {
  const row = await db.kysely
    .selectFrom('rewards_memberships')
    .select(['is_active', 'points'])
    .where('customer_id', '=', customerId)
    .where('programme', '=', programme)
    .executeTakeFirst();
  if (row?.is_active !== 1) return null;
  const rewardsDollarsCents = await rewardsAvailable(db.kysely, customerId, BRAND_PROGRAMMES[programme].rewardBrand);
  return { points: row.points, threshold: REWARDS_POINTS_THRESHOLD, rewardsDollarsCents };
}
