import { brandProgrammeOf, type ProgrammeId, REWARDS_POINTS_THRESHOLD } from './programmes.ts';

/**
 * What an order earns (docs/decisions.md "Rewards and certificates"): one point per whole dollar of merchandise paid
 * for with money, after the bag's code discounts. Tax, shipping, package protection, gift cards and memberships earn
 * nothing, nor does what rewards dollars and reward certificates paid (gift cards are money: they were bought with it).
 */

/** A merchandise line as earning reads it: its brand, what it cost, and what the bag's codes took off it, in cents. */
export interface EarningLine {
  brand: string;
  cents: number;
  discountCents: number;
}

/** Points for this many cents of merchandise: one per whole dollar, none for nothing or less. */
export const pointsFor = (cents: number): number => (cents > 0 ? Math.floor(cents / 100) : 0);

/**
 * `amount` shared out in whole cents in proportion to `weights` (largest remainder: the shares add up to the amount,
 * and each is within a cent of its exact share). Never more than the weights hold together; negative weights count 0.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const w = weights.map((x) => Math.max(0, x));
  const total = w.reduce((s, x) => s + x, 0);
  const give = Math.min(Math.max(0, amount), total);
  if (total === 0) return w.map(() => 0);
  const exact = w.map((x) => (give * x) / total);
  const floors = exact.map(Math.floor);
  const left = give - floors.reduce((s, x) => s + x, 0);
  // The cents the floors leave go one each to the largest remainders (the earlier line first on a tie).
  const rank = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  const extra = new Set(rank.slice(0, left).map((x) => x.i));
  const shares = floors.map((f, i) => (extra.has(i) ? f + 1 : f));
  return shares;
}

/**
 * The merchandise cents each programme earns on. A code's discount stays on the line it discounted, so it lowers only
 * that brand's points; what rewards and certificates paid (`nonCashCents`) is taken from the merchandise in proportion
 * to what each line cost after codes (it paid for the bag as a whole). fbb earns on every brand.
 */
export function eligibleCents(lines: readonly EarningLine[], nonCashCents = 0): Record<ProgrammeId, number> {
  const net = lines.map((l) => Math.max(0, l.cents - Math.max(0, l.discountCents)));
  const paidOtherwise = shareOut(nonCashCents, net);
  const paid = lines.map((l, i) => ({ programme: brandProgrammeOf(l.brand), cents: (net[i] ?? 0) - (paidOtherwise[i] ?? 0) }));
  const sum = (id: ProgrammeId) => paid.reduce((s, p) => (id === 'fbb' || p.programme === id ? s + p.cents : s), 0);
  return { fbb: sum('fbb'), elq: sum('elq'), dia: sum('dia') };
}

/**
 * Points held plus points earned, as rewards (each a threshold's worth) and the points carried to the next one.
 * Never negative: earning only adds.
 */
export function accrue(held: number, earned: number, threshold = REWARDS_POINTS_THRESHOLD): { rewards: number; carried: number } {
  const total = Math.max(0, held) + Math.max(0, earned);
  return { rewards: Math.floor(total / threshold), carried: total % threshold };
}
