import type { Tx } from '../db/transaction.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { type RewardsOffer, rewardsOffers } from '#src/lib/rewards/offer.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { MAX_TENDERS_PER_BASKET } from '#src/lib/tenders/tender-split.ts';
import { tenderReach } from '#src/lib/tenders/tender-rules.ts';
import { isActive, rewardsAvailable } from '../rewards/rewards-dollars.ts';
import { tenderRefusalFor } from './tender-checks.ts';
import { paymentMethodsFor } from '../content/payment-methods.ts';

const PROGRAMMES = ['elq', 'dia'] as const;
const METHOD_PROGRAMME = new Map<string, BrandProgrammeId>(PROGRAMMES.map((id) => [BRAND_PROGRAMMES[id].paymentMethodId, id]));

/**
 * The rewards offers of a customer's bag (src/lib/rewards/offer.ts decides, and the tender rules the apply asks), read
 * from the memberships and ledgers at each ask: never kept with the priced bag, since a balance moves with orders of
 * other bags. None where the bag's brands do not take rewards as payment (the checkout's payment methods).
 */
export async function rewardsOffersFor(tx: Tx, customerId: string, bag: Bag): Promise<RewardsOffer[]> {
  if (bag.lines.length === 0) return [];
  const rewardsTaken = paymentMethodsFor(bag.lines.map((l) => l.brand)).includes('rewards');
  const balances: Partial<Record<BrandProgrammeId, { isActiveMember: boolean; totalRewards: number }>> = {};
  for (const id of PROGRAMMES) {
    balances[id] = {
      isActiveMember: await isActive(tx, customerId, id),
      totalRewards: await rewardsAvailable(tx, customerId, BRAND_PROGRAMMES[id].rewardBrand),
    };
  }
  // What tenders may still pay: the amount due, within what the bag lets them pay at all (tender-rules.ts).
  const reachLeft = tenderReach(bag.lines, bag.summary) - bag.tenders.reduce((s, t) => s + t.amount, 0);
  const offers = rewardsOffers({
    balances,
    brands: bag.lines.map((l) => l.brand),
    amountDue: Math.min(bag.amountDue, reachLeft),
    isMaxDiscountsApplied: bag.isMaxDiscountsApplied || bag.tenders.length >= MAX_TENDERS_PER_BASKET,
    applied: bag.tenders.flatMap((t) => METHOD_PROGRAMME.get(t.paymentMethodId) ?? []),
    rewardsTaken,
  });
  // An offer the apply would refuse (a brand that takes no rewards) is not made.
  const offered: RewardsOffer[] = [];
  for (const offer of offers) if (!(await tenderRefusalFor(tx, bag, offer.paymentMethodId))) offered.push(offer);
  return offered;
}
