import type { BasketSummary } from './commerce-types.ts';
import { amountDueOf } from './tenders/tender-split.ts';
import { formatCents } from './money.ts';
import { PACKAGE_PROTECTION_LABEL, SURCHARGE_LABELS } from './checkout/shipping-extras.ts';
import { BRAND_PROGRAMMES, REWARDS_EARNED_LABELS } from './rewards/programmes.ts';

/**
 * The order summary's rows (checkout spec §3 "Summary row types"), worked out once from the server's figures and
 * shown by the bag, the checkout, the order confirmation and the confirmation e-mail, so that each says the same
 * thing and the rows add up to the total everywhere.
 */

/** Where the summary is read: the tax not yet known says where it will come from. */
export type SummaryPlace = 'bag' | 'checkout' | 'order';

export type SummaryRowKey =
  | 'subTotal'
  | 'coupons'
  | 'rewardsApplied'
  | 'elqRewardsApplied'
  | 'diaRewardsApplied'
  | 'giftCardsApplied'
  | 'shippingAndHandling'
  | 'giftCardSurcharges'
  | 'heavyWeightItemSurcharges'
  | 'peakHandlingFee'
  | 'packageProtection'
  | 'totalTax'
  | 'orderTotal'
  | 'amountDue'
  | 'youSaved'
  | 'fbbRewardsEarned'
  | 'elqRewardsEarned'
  | 'diaRewardsEarned';

export interface SummaryRow {
  key: SummaryRowKey;
  label: string;
  /** What the shopper reads beside the label. */
  value: string;
  /**
   * How the row counts toward the order total: a term (its `amount` is added; a discount's is negative), a part of
   * the term before it (shipping & handling's surcharges, already in it), the total itself, a payment toward the
   * total (its `amount` is what it pays, negative), what is left to pay once they have paid, or a note beside it.
   */
  role: 'term' | 'part' | 'total' | 'payment' | 'due' | 'note';
  /** Cents: what a term adds (0 while tax is not known), a part's or the total's own, what a payment takes off, what a note says. */
  amount: number;
}

const SURCHARGES = ['giftCardSurcharges', 'heavyWeightItemSurcharges', 'peakHandlingFee'] as const;

function taxPending(summary: BasketSummary, place: SummaryPlace): string {
  if (place === 'bag') return 'Calculated at checkout';
  return summary.isDigitalItemsOnly ? 'Calculated from your billing address' : 'Calculated from your address';
}

/** The giftCardsApplied row's label. */
const GIFT_CARDS_LABEL = 'Gift cards';
/** The reward tenders' rows, in the order they pay (src/lib/tenders/tender-split.ts), each before the gift cards. */
const REWARDS_APPLIED_LABELS = {
  rewardsApplied: 'Reward certificates',
  elqRewardsApplied: BRAND_PROGRAMMES.elq.label,
  diaRewardsApplied: BRAND_PROGRAMMES.dia.label,
} as const;

/** The amountDue row's label: what a card (or PayPal, Apple Pay) pays once the tenders have paid theirs. */
const AMOUNT_DUE_LABEL = 'Amount due';

/**
 * Subtotal, coupons (when a code takes something off), shipping & handling with its surcharges under it (when the
 * bag ships anything), package protection (when charged), estimated tax, and the order total: the sum of the terms,
 * orderTotal as the server reckons it (src/server/commerce/pricing.ts computeTotals), the same on every surface.
 * After the total, in the bag and the checkout, the payments the bag holds (checkout spec §9 "Summary row slots 6 to
 * 9 replaced by applied payment types"): reward certificates, ELQ and Dia rewards, then gift cards, in the order
 * tenders pay, each when it pays part, then the amount due. A placed order lists its payments one by one instead
 * (src/lib/checkout/order-payments.ts). Last, what the shopper saved (when anything), and on an order the points it
 * earned in each rewards programme (when any).
 */
export function summaryRows(summary: BasketSummary, place: SummaryPlace): SummaryRow[] {
  const rows: SummaryRow[] = [{ key: 'subTotal', label: 'Subtotal', value: formatCents(summary.subTotal), role: 'term', amount: summary.subTotal }];
  if (summary.couponDiscount > 0) {
    rows.push({ key: 'coupons', label: 'Coupons', value: `−${formatCents(summary.couponDiscount)}`, role: 'term', amount: -summary.couponDiscount });
  }
  const shipping = summary.shippingAndHandling;
  // A bag that ships nothing pays none (computeTotals): 'Shipping & handling: Free' would describe it as shipped.
  if (!summary.isDigitalItemsOnly) {
    rows.push({
      key: 'shippingAndHandling',
      // A perks member's free Express is named after the programme that pays for it (checkout spec shippingPerksName).
      label: summary.shippingPerksName ? `Shipping & handling (${summary.shippingPerksName})` : 'Shipping & handling',
      value: shipping === 0 ? 'Free' : formatCents(shipping),
      role: 'term',
      amount: shipping,
    });
  }
  for (const key of SURCHARGES) {
    const cents = summary[key] ?? 0;
    if (cents > 0) rows.push({ key, label: SURCHARGE_LABELS[key], value: formatCents(cents), role: 'part', amount: cents });
  }
  const protection = summary.routePackageProtectionFee ?? 0;
  if (protection > 0)
    rows.push({ key: 'packageProtection', label: PACKAGE_PROTECTION_LABEL, value: formatCents(protection), role: 'term', amount: protection });
  rows.push({
    key: 'totalTax',
    label: place === 'order' ? 'Tax' : 'Estimated tax',
    value: summary.isTaxCalculated ? formatCents(summary.totalTax) : taxPending(summary, place),
    role: 'term',
    amount: summary.isTaxCalculated ? summary.totalTax : 0,
  });
  rows.push({ key: 'orderTotal', label: 'Order total', value: formatCents(summary.orderTotal), role: 'total', amount: summary.orderTotal });
  if (place !== 'order') rows.push(...paymentRows(summary));
  if (summary.youSaved > 0)
    rows.push({ key: 'youSaved', label: 'You saved', value: formatCents(summary.youSaved), role: 'note', amount: summary.youSaved });
  for (const [key, label] of Object.entries(REWARDS_EARNED_LABELS) as [keyof typeof REWARDS_EARNED_LABELS, string][]) {
    const points = summary[key] ?? 0;
    if (points > 0) rows.push({ key, label, value: `${points} ${points === 1 ? 'point' : 'points'}`, role: 'note', amount: points });
  }
  return rows;
}

/** The bag's payments by kind, each summed, then the amount due; none when the bag holds no tender that pays. */
function paymentRows(summary: BasketSummary): SummaryRow[] {
  const rows: SummaryRow[] = [];
  const paying = { ...REWARDS_APPLIED_LABELS, giftCardsApplied: GIFT_CARDS_LABEL };
  for (const [key, label] of Object.entries(paying) as [keyof typeof paying, string][]) {
    const cents = summary[key] ?? 0;
    if (cents > 0) rows.push({ key, label, value: `−${formatCents(cents)}`, role: 'payment', amount: -cents });
  }
  if (rows.length === 0) return rows;
  const due = amountDueOf(summary);
  return [...rows, { key: 'amountDue', label: AMOUNT_DUE_LABEL, value: formatCents(due), role: 'due', amount: due }];
}
