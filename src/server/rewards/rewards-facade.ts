import { getDb } from '../db/database.ts';
import { readBasket } from '../bag/basket-facade.ts';
import type { Bag } from '#src/lib/commerce/bag.ts';
import { type RewardsOffer, rewardsOffers } from '#src/lib/rewards/offer.ts';
import { BRAND_PROGRAMMES, type BrandProgrammeId } from '#src/lib/rewards/programmes.ts';
import { MAX_TENDERS_PER_BASKET } from '#src/lib/tenders/tender-split.ts';
import { isActive, rewardsAvailable } from './rewards-dollars.ts';

/** The rewards facade: what the bag and the payment step ask of the shopper's brand programmes. */
type SessionRead = Pick<App.Locals, 'session'>;

const PROGRAMMES = ['elq', 'dia'] as const;
const METHOD_PROGRAMME = new Map<string, BrandProgrammeId>(PROGRAMMES.map((id) => [BRAND_PROGRAMMES[id].paymentMethodId, id]));

/**
 * The rewards offers for the visitor's bag (src/lib/rewards/offer.ts decides): none for a guest. Read at each ask,
 * never kept with the priced bag, since a balance moves with orders of other bags.
 */
export async function readRewardsOffers(locals: SessionRead): Promise<RewardsOffer[]> {
  const { customerId } = await locals.session();
  if (!customerId) return [];
  const bag: Bag = await readBasket(locals);
  if (bag.lines.length === 0) return [];
  const db = (await getDb()).kysely;
  const balances: Partial<Record<BrandProgrammeId, { isActiveMember: boolean; totalRewards: number }>> = {};
  for (const id of PROGRAMMES) {
    balances[id] = {
      isActiveMember: await isActive(db, customerId, id),
      totalRewards: await rewardsAvailable(db, customerId, BRAND_PROGRAMMES[id].rewardBrand),
    };
  }
  return rewardsOffers({
    balances,
    brands: bag.lines.map((l) => l.brand),
    amountDue: bag.amountDue,
    isMaxDiscountsApplied: bag.isMaxDiscountsApplied || bag.tenders.length >= MAX_TENDERS_PER_BASKET,
    applied: bag.tenders.flatMap((t) => METHOD_PROGRAMME.get(t.paymentMethodId) ?? []),
  });
}
