import { isMerchandise } from '#src/lib/product-types.ts';

/**
 * Free gifts ('Claim Your Free Gift'), as pure rules in integer cents. A bonus promotion offers one of a few
 * products free once the bag's qualifying merchandise reaches its threshold; the shopper claims up to
 * `maxBonusItems` of them as bonus lines priced 0. No I/O: basket-read.ts loads rows and calls these.
 */

export interface BonusRule {
  id: string;
  calloutMsg: string;
  thresholdCents: number;
  /** Only this brand's merchandise counts; null for every brand. */
  brand: string | null;
  maxBonusItems: number;
  /** Master ids of the offered products, in the picker's order. */
  productIds: readonly string[];
  /** False when the promotion has ended or not started. */
  active: boolean;
}

/** A line the shopper pays for, as the bonus rules see it. */
export interface QualifyingLine {
  brand: string;
  productType: number;
  /** Unit price after automatic promotions × quantity, in cents (hemming is a service, not merchandise). */
  merchandise: number;
  /** Cents taken off the line by a coupon. */
  couponDiscount: number;
  /** False for a line that cannot be bought now (out of stock or no longer sold). */
  purchasable: boolean;
}

/** A free line already in the bag. */
export interface BonusLine {
  itemId: string;
  promotionId: string;
  /** Master id. */
  productId: string;
}

export interface BonusOffer {
  promotionId: string;
  /** Free lines of this promotion that stay in the bag. */
  claimedCount: number;
  /** The bag may take no more free items through this promotion. */
  claimed: boolean;
}

export interface BonusEvaluation {
  /** Promotions the bag qualifies for now, claimed or not. */
  offers: BonusOffer[];
  /** Free lines that no longer belong in the bag: their promotion ended or no longer qualifies, their product is no
   *  longer offered, or they are over the promotion's limit. They are removed at the next read. */
  drop: string[];
}

/**
 * Merchandise that counts toward a threshold: regular products only (not gift cards or memberships, and never a
 * free line), after automatic promotions and coupons, of the promotion's brand when it names one, and only lines
 * that can be bought now.
 */
export function qualifyingMerchandise(lines: QualifyingLine[], brand: string | null): number {
  return lines
    .filter((l) => l.purchasable && isMerchandise(l.productType) && (brand === null || l.brand === brand))
    .reduce((sum, l) => sum + l.merchandise - l.couponDiscount, 0);
}

export const qualifies = (rule: BonusRule, lines: QualifyingLine[]): boolean =>
  rule.active && qualifyingMerchandise(lines, rule.brand) >= rule.thresholdCents;

/** Which promotions the bag qualifies for, how many gifts each has given, and which free lines must go. */
export function evaluateBonuses(rules: BonusRule[], lines: QualifyingLine[], bonusLines: BonusLine[]): BonusEvaluation {
  const offers: BonusOffer[] = [];
  const drop: string[] = [];
  const known = new Set(rules.map((r) => r.id));
  for (const line of bonusLines) if (!known.has(line.promotionId)) drop.push(line.itemId);
  for (const rule of rules) {
    const mine = bonusLines.filter((l) => l.promotionId === rule.id);
    if (!qualifies(rule, lines)) {
      drop.push(...mine.map((l) => l.itemId));
      continue;
    }
    const offered = mine.filter((l) => rule.productIds.includes(l.productId));
    const kept = offered.slice(0, rule.maxBonusItems);
    drop.push(...mine.filter((l) => !kept.includes(l)).map((l) => l.itemId));
    offers.push({ promotionId: rule.id, claimedCount: kept.length, claimed: kept.length >= rule.maxBonusItems });
  }
  return { offers, drop };
}

export const BONUS_MESSAGES = {
  unknown: 'That free gift offer has ended or could not be found.',
  notQualified: 'Your bag does not qualify for this free gift yet.',
  notOffered: 'That item is not one of the free gifts offered.',
  claimed: 'You have already claimed your free gift.',
  oneAtATime: 'A free gift is added one at a time.',
  fixedQuantity: 'The quantity of a free gift cannot be changed.',
  noEdit: 'A free gift cannot be changed. Remove it and choose another.',
  giftRemoved: (name: string) => `Your free gift (${name}) was removed because your bag no longer qualifies for it.`,
} as const;

export type ClaimRefusal = 'unknown' | 'notOffered' | 'notQualified' | 'claimed';

/** Why a claim of `productId` (master id) through promotion `promotionId` is refused, or null when it may go ahead. */
export function claimRefusal(rules: BonusRule[], evaluation: BonusEvaluation, promotionId: string, productId: string): ClaimRefusal | null {
  const rule = rules.find((r) => r.id === promotionId);
  if (!rule?.active) return 'unknown';
  if (!rule.productIds.includes(productId)) return 'notOffered';
  const offer = evaluation.offers.find((o) => o.promotionId === promotionId);
  if (!offer) return 'notQualified';
  if (offer.claimed) return 'claimed';
  return null;
}
