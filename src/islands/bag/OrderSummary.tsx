import { Fragment } from 'react';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import { summaryRows, type SummaryPlace, type SummaryRow, type SummaryRowKey } from '#src/lib/summary-rows.ts';
import './bag.css';

/** Each row's test id (the tests read the values by these). */
const TEST_IDS: Record<SummaryRowKey, string> = {
  subTotal: 'summary-subtotal',
  coupons: 'summary-coupons',
  rewardsApplied: 'summary-certificates',
  elqRewardsApplied: 'summary-elq-rewards',
  diaRewardsApplied: 'summary-dia-rewards',
  giftCardsApplied: 'summary-gift-cards',
  shippingAndHandling: 'summary-shipping',
  giftCardSurcharges: 'summary-gift-card-fee',
  heavyWeightItemSurcharges: 'summary-heavy-item',
  peakHandlingFee: 'summary-peak-handling',
  packageProtection: 'summary-protection',
  totalTax: 'summary-tax',
  orderTotal: 'summary-total',
  youSaved: 'summary-saved',
  fbbRewardsEarned: 'summary-rewards-earned',
  elqRewardsEarned: 'summary-elq-rewards-earned',
  diaRewardsEarned: 'summary-dia-rewards-earned',
};

const CLASSES: Partial<Record<SummaryRow['role'], string>> = { part: 'summary-part', total: 'total' };

/**
 * The order summary, exactly as the server computed it, in the rows `summaryRows` makes (the confirmation e-mail
 * lists the same rows). `place` says where it is read: the bag, the checkout, or a placed order.
 */
export function OrderSummary({ summary, place = 'bag' }: { summary: BasketSummary; place?: SummaryPlace }) {
  return (
    <dl className="summary" data-testid="order-summary">
      {summaryRows(summary, place).map((row) => (
        <Fragment key={row.key}>
          <dt className={CLASSES[row.role]}>{row.label}</dt>
          <dd className={CLASSES[row.role]} data-testid={TEST_IDS[row.key]}>
            {row.value}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
