import { brandProgrammeOf, type ProgrammeId, REWARDS_POINTS_THRESHOLD } from './programmes.ts';

/**
 * What an order earns (docs/decisions.md "Rewards and certificates"): one point per whole dollar of merchandise
 * after the bag's code discounts. Tax, shipping, package protection, gift cards and memberships earn nothing.
 */

/** A merchandise line as earning reads it: its brand and what it cost, in cents. */
export interface EarningLine {
  brand: string;
  cents: number;
}

/** Points for this many cents of merchandise: one per whole dollar, none for nothing or less. */
export const pointsFor = (cents: number): number => (cents > 0 ? Math.floor(cents / 100) : 0);

/**
 * The merchandise cents each programme earns on. Codes only discount merchandise, so the discount is shared among
 * the brand programmes in proportion to what each bought; fbb earns on all of it.
 */
export function eligibleCents(lines: readonly EarningLine[], discountCents: number): Record<ProgrammeId, number> {
  const total = lines.reduce((s, l) => s + Math.max(0, l.cents), 0);
  const discount = Math.min(Math.max(0, discountCents), total);
  const byProgramme: Record<ProgrammeId, number> = { fbb: total - discount, elq: 0, dia: 0 };
  if (total === 0) return byProgramme;
  for (const id of ['elq', 'dia'] as const) {
    const bought = lines.filter((l) => brandProgrammeOf(l.brand) === id).reduce((s, l) => s + Math.max(0, l.cents), 0);
    byProgramme[id] = bought - Math.ceil((discount * bought) / total);
  }
  return byProgramme;
}

/**
 * Points held plus points earned, as rewards (each a threshold's worth) and the points carried to the next one.
 * Never negative: earning only adds.
 */
export function accrue(held: number, earned: number, threshold = REWARDS_POINTS_THRESHOLD): { rewards: number; carried: number } {
  const total = Math.max(0, held) + Math.max(0, earned);
  return { rewards: Math.floor(total / threshold), carried: total % threshold };
}
