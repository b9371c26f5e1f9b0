/**
 * Tenders: the payment instruments applied to a bag besides the card (checkout spec §3 "Payment method ids"), and
 * what each of them pays. Pure and isomorphic: the server prices the bag with it and places the order with it; an
 * island may mirror it. All amounts are integer cents.
 */

/** The spec's payment method ids a bag can hold as tenders. */
export const TENDER_METHODS = ['FB_REWARD_CERTIFICATE', 'ADS_REWARD_CERTIFICATE', 'FB_REWARD_DOLLAR', 'DIA_REWARDS', 'SVS_GIFT_CARD'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];
export const GIFT_CARD_METHOD: TenderMethod = 'SVS_GIFT_CARD';
export const isCertificateMethod = (m: TenderMethod): boolean => m === 'FB_REWARD_CERTIFICATE' || m === 'ADS_REWARD_CERTIFICATE';

/**
 * Our decision (docs/decisions.md "Tenders"): at most 5 tenders on one bag, of every kind together (gift cards,
 * certificates, rewards dollars). Five cover any order a shopper assembles from what they hold; more is a sign of
 * someone trying numbers.
 */
export const MAX_TENDERS_PER_BASKET = 5;

export const TENDER_ALREADY_APPLIED = 'This gift card is already applied to your order.';
export const GIFT_CARD_EMPTY = 'This gift card has no balance left.';
export const TENDER_NOT_ON_BAG = 'That payment is not on your bag.';
export const CERTIFICATE_ALREADY_APPLIED = 'This certificate is already applied to your order.';
export const REWARDS_ALREADY_APPLIED = 'These rewards are already applied to your order.';
export const REWARDS_APPLIED = 'Rewards applied.';
export const NO_REWARDS_TO_APPLY = 'You have no rewards to apply to this order.';
/**
 * What an rw code is answered (docs/decisions.md "Rewards and certificates"): the store card's rewards are issued as
 * reward certificates (ADS_REWARD_CERTIFICATE), so no rw number exists to look up.
 */
export const RETAILER_REWARD_AS_CERTIFICATE =
  'Card rewards are issued as reward certificates. Please enter the certificate number from your rewards e-mail.';
/** The payment step when gift cards pay the whole order. */
export const GIFT_CARDS_PAY_ALL = 'Your gift cards pay for this order. No card is needed.';
/** The same when rewards or certificates are among what pays. */
export const TENDERS_PAY_ALL = 'Your rewards and gift cards pay for this order. No card is needed.';
/** What the code field tells a shopper who types a gift card number. */
export const GIFT_CARD_NOTE = 'A gift card pays toward your order total. Enter its 4-digit PIN to apply it; a card pays anything left at checkout.';

/**
 * The order tenders pay in: rewards and certificates first (they expire and cannot be given back as cash), then
 * gift cards, each kind in the order the shopper applied them; a card pays the rest.
 */
const RANK: Record<TenderMethod, number> = {
  FB_REWARD_CERTIFICATE: 0,
  ADS_REWARD_CERTIFICATE: 0,
  FB_REWARD_DOLLAR: 1,
  DIA_REWARDS: 1,
  SVS_GIFT_CARD: 2,
};

export interface TenderBalance {
  id: string;
  method: TenderMethod;
  /** The order the shopper applied it in (lower first). */
  position: number;
  /** What it holds now, in cents (never below 0). */
  available: number;
}

export interface TenderShare {
  id: string;
  method: TenderMethod;
  /** What it pays of this order, in cents. */
  applied: number;
}

export interface TenderSplit {
  /** Every tender, in the order it pays. */
  shares: TenderShare[];
  /** What the tenders pay together. */
  applied: number;
  /** What is left for a card: total - applied, never below 0. */
  amountDue: number;
}

/** What a card pays of a summary: the order total less every tender (all of it when the bag has none). */
export const amountDueOf = (summary: { orderTotal: number; amountDue?: number | undefined }): number => summary.amountDue ?? summary.orderTotal;

/** The tenders in the order they pay. */
export const paymentOrder = <T extends Pick<TenderBalance, 'method' | 'position'>>(tenders: readonly T[]): T[] =>
  [...tenders].sort((a, b) => RANK[a.method] - RANK[b.method] || a.position - b.position);

/**
 * The summary rows tenders fill (checkout spec §3): what certificates (rewardsApplied), ELQ rewards, Dia rewards and
 * gift cards pay, each summed; a reward row only when its kind is on the bag.
 */
export function tenderRows(shares: readonly { method: TenderMethod; applied: number }[]) {
  const has = (test: (m: TenderMethod) => boolean) => shares.some((x) => test(x.method));
  const sum = (test: (m: TenderMethod) => boolean) => shares.reduce((s, x) => (test(x.method) ? s + x.applied : s), 0);
  const isElq = (m: TenderMethod) => m === 'FB_REWARD_DOLLAR';
  const isDia = (m: TenderMethod) => m === 'DIA_REWARDS';
  return {
    ...(has(isCertificateMethod) ? { rewardsApplied: sum(isCertificateMethod) } : {}),
    ...(has(isElq) ? { elqRewardsApplied: sum(isElq) } : {}),
    ...(has(isDia) ? { diaRewardsApplied: sum(isDia) } : {}),
    giftCardsApplied: sum((m) => m === GIFT_CARD_METHOD),
  };
}

/**
 * Each tender pays the lesser of what it holds and what is still left of `reach` (the part of `total` tenders may pay:
 * tender-rules.ts tenderReach; all of it unless given), in payment order; a card pays the rest of `total`.
 */
export function splitTotal(total: number, tenders: readonly TenderBalance[], reach = total): TenderSplit {
  const whole = Math.max(0, total);
  let left = Math.min(whole, Math.max(0, reach));
  const shares = paymentOrder(tenders).map((t) => {
    const applied = Math.min(Math.max(0, t.available), left);
    left -= applied;
    return { id: t.id, method: t.method, applied };
  });
  const applied = shares.reduce((s, x) => s + x.applied, 0);
  return { shares, applied, amountDue: whole - applied };
}
