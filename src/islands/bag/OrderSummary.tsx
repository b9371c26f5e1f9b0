import type { BasketSummary } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';

/** The order summary rows, exactly as the server computed them (coupons shown only when a code takes something off). */
export function OrderSummary({ summary }: { summary: BasketSummary }) {
  return (
    <dl className="summary" data-testid="order-summary">
      <dt>Subtotal</dt>
      <dd data-testid="summary-subtotal">{formatCents(summary.subTotal)}</dd>
      {summary.couponDiscount > 0 && (
        <>
          <dt>Coupons</dt>
          <dd data-testid="summary-coupons">−{formatCents(summary.couponDiscount)}</dd>
        </>
      )}
      <dt>Shipping &amp; handling</dt>
      <dd data-testid="summary-shipping">{summary.shippingAndHandling === 0 ? 'Free' : formatCents(summary.shippingAndHandling)}</dd>
      <dt>Estimated tax</dt>
      <dd data-testid="summary-tax">{summary.isTaxCalculated ? formatCents(summary.totalTax) : 'Calculated at checkout'}</dd>
      <dt className="total">Order total</dt>
      <dd className="total" data-testid="summary-total">
        {formatCents(summary.orderTotal)}
      </dd>
      {summary.youSaved > 0 && (
        <>
          <dt>You saved</dt>
          <dd data-testid="summary-saved">{formatCents(summary.youSaved)}</dd>
        </>
      )}
    </dl>
  );
}
