import type { Tx } from '../db/transaction.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { type RewardsOffer, rewardsOffers } from '#src/lib/rewards/offer.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { MAX_TENDERS_PER_BASKET } from '#src/lib/tenders/tender-split.ts';
import { isActive, rewardsAvailable } from './rewards-dollars.ts';

const PROGRAMMES = ['elq', 'dia'] as const;
const METHOD_PROGRAMME = new Map<string, BrandProgrammeId>(PROGRAMMES.map((id) => [BRAND_PROGRAMMES[id].paymentMethodId, id]));

/**
 * The rewards offers of a customer's bag (src/lib/rewards/offer.ts decides), read from the memberships and ledgers at
 * each ask: never kept with the priced bag, since a balance moves with orders of other bags. `rewardsTaken`: the
 * bag's brands take rewards as payment (the checkout's payment methods).
 */
export async function rewardsOffersFor(tx: Tx, customerId: string, bag: Bag, rewardsTaken: boolean): Promise<RewardsOffer[]> {
  if (bag.lines.length === 0) return [];
  const balances: Partial<Record<BrandProgrammeId, { isActiveMember: boolean; totalRewards: number }>> = {};
  for (const id of PROGRAMMES) {
    balances[id] = {
      isActiveMember: await isActive(tx, customerId, id),
      totalRewards: await rewardsAvailable(tx, customerId, BRAND_PROGRAMMES[id].rewardBrand),
    };
  }
  return rewardsOffers({
    balances,
    brands: bag.lines.map((l) => l.brand),
    amountDue: bag.amountDue,
    isMaxDiscountsApplied: bag.isMaxDiscountsApplied || bag.tenders.length >= MAX_TENDERS_PER_BASKET,
    applied: bag.tenders.flatMap((t) => METHOD_PROGRAMME.get(t.paymentMethodId) ?? []),
    rewardsTaken,
  });
}
