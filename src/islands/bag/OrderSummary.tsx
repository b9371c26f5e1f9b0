import { Fragment } from 'react';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import { summaryRows, type SummaryPlace, type SummaryRow, type SummaryRowKey } from '#src/lib/summary-rows.ts';
import type { PaymentLine } from '#src/lib/checkout/order-payments.ts';
import { PaymentList } from './PaymentList.tsx';
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
  amountDue: 'summary-amount-due',
  youSaved: 'summary-saved',
  fbbRewardsEarned: 'summary-rewards-earned',
  elqRewardsEarned: 'summary-elq-rewards-earned',
  diaRewardsEarned: 'summary-dia-rewards-earned',
};

const CLASSES: Partial<Record<SummaryRow['role'], string>> = { part: 'summary-part', total: 'total', due: 'total' };

interface Props {
  summary: BasketSummary;
  /** Where it is read: the bag, the checkout, or a placed order. */
  place?: SummaryPlace;
  /** A placed order's payments, each with its amount, listed after the total. */
  payments?: PaymentLine[];
}

/**
 * The order summary, exactly as the server computed it, in the rows `summaryRows` makes (the confirmation e-mail
 * lists the same rows), then a placed order's payments.
 */
export function OrderSummary({ summary, place = 'bag', payments }: Props) {
  return (
    <>
      <SummaryRows summary={summary} place={place} />
      {payments && payments.length > 0 && <PaymentList payments={payments} />}
      {summary.eDeliveryMessage && <p className="summary-note">{summary.eDeliveryMessage}</p>}
    </>
  );
}

function SummaryRows({ summary, place }: { summary: BasketSummary; place: SummaryPlace }) {
  return (
    <dl className="summary" data-testid="order-summary">
      {summaryRows(summary, place).map((row, i, rows) => {
        // The payments start under a rule, apart from the total they pay.
        const first = row.role === 'payment' && rows[i - 1]?.role === 'total';
        const className = [CLASSES[row.role], first ? 'summary-payment-first' : ''].filter(Boolean).join(' ') || undefined;
        return (
          <Fragment key={row.key}>
            <dt className={className}>{row.label}</dt>
            <dd className={className} data-testid={TEST_IDS[row.key]}>
              {row.value}
            </dd>
          </Fragment>
        );
      })}
    </dl>
  );
}
