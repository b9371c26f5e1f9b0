import { Fragment } from 'react';
import type { BasketSummary } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { PACKAGE_PROTECTION_LABEL, SURCHARGE_LABELS } from '#src/lib/checkout/shipping-extras.ts';

/** The parts of shipping & handling shown under it when not zero (checkout spec §9 "Shipping surcharges shown"). */
const SURCHARGE_ROWS = [
  ['giftCardSurcharges', 'summary-gift-card-fee'],
  ['heavyWeightItemSurcharges', 'summary-heavy-item'],
  ['peakHandlingFee', 'summary-peak-handling'],
] as const;

/**
 * The order summary rows, exactly as the server computed them (coupons shown only when a code takes something off).
 * Tax not yet calculated reads 'Calculated at checkout' in the bag; in the checkout itself it comes with the address.
 */
export function OrderSummary({ summary, inCheckout = false }: { summary: BasketSummary; inCheckout?: boolean }) {
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
      {SURCHARGE_ROWS.map(([field, testId]) =>
        (summary[field] ?? 0) > 0 ? (
          <Fragment key={field}>
            <dt className="summary-part">{SURCHARGE_LABELS[field]}</dt>
            <dd className="summary-part" data-testid={testId}>
              {formatCents(summary[field] ?? 0)}
            </dd>
          </Fragment>
        ) : null,
      )}
      {(summary.routePackageProtectionFee ?? 0) > 0 && (
        <>
          <dt>{PACKAGE_PROTECTION_LABEL}</dt>
          <dd data-testid="summary-protection">{formatCents(summary.routePackageProtectionFee ?? 0)}</dd>
        </>
      )}
      <dt>Estimated tax</dt>
      <dd data-testid="summary-tax">
        {summary.isTaxCalculated ? formatCents(summary.totalTax) : inCheckout ? 'Calculated from your address' : 'Calculated at checkout'}
      </dd>
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
