import type { CheckoutAddress, CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import type { CheckoutStep } from '#src/lib/checkout/flash.ts';
import { baseStep, BASE_STEPS } from '#src/lib/checkout/steps.ts';
import { formatCents } from '#src/lib/money.ts';
import { methodWithDelivery } from '#src/lib/shipping-methods.ts';

interface Props {
  view: CheckoutView;
  step: CheckoutStep;
  onChange(step: CheckoutStep): void;
}

export const addressLines = (a: CheckoutAddress) => [
  `${a.firstName} ${a.lastName}`,
  [a.address1, a.address2].filter(Boolean).join(', '),
  `${a.city}, ${a.stateCode} ${a.postalCode}`,
  a.phone,
];

/**
 * What has been entered so far, with Change buttons (product spec §4 "Completed-fields summary"): Contact (no Change
 * for signed-in shoppers), Ship To and Shipping Method (no Change for digital-only bags), Payment, and Billing
 * Address for signed-in shoppers. A row shows once its step lies behind the current one.
 */
export function CompletedSummary({ view, step, onChange }: Props) {
  const at = BASE_STEPS.indexOf(baseStep(step));
  const digitalOnly = view.basket.c_summary.isDigitalItemsOnly;
  const method = view.shippingMethods.find((m) => m.id === view.basket.shipments[0]?.shippingMethod.id);
  const rows: { label: string; lines: string[]; change: CheckoutStep | null }[] = [];
  if (at > 0 && view.email) rows.push({ label: 'Contact', lines: [view.email], change: view.signedIn ? null : 'updateEmail' });
  if (at > 0 && !digitalOnly && view.shippingAddress) {
    rows.push({ label: 'Ship To', lines: addressLines(view.shippingAddress), change: 'updateShippingAddress' });
  }
  if (at > 1 && !digitalOnly && method) {
    rows.push({
      label: 'Shipping Method',
      lines: [`${methodWithDelivery(method)}: ${method.price === 0 ? 'Free' : formatCents(method.price)}`],
      change: 'updateShippingMethod',
    });
  }
  if (at > 2 && view.payment) {
    rows.push({ label: 'Payment', lines: [`${view.payment.cardType} ending in ${view.payment.last4}`], change: 'updatePayment' });
  }
  if (at > 2 && view.signedIn && view.billingAddress) {
    rows.push({ label: 'Billing Address', lines: addressLines(view.billingAddress), change: 'updateBillingAddress' });
  }
  if (rows.length === 0) return null;
  return (
    <dl className="checkout-completed">
      {rows.map((row) => (
        <div key={row.label} className="checkout-completed-row">
          <dt>{row.label}</dt>
          <dd>
            {row.lines.filter(Boolean).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </dd>
          {row.change && (
            <dd className="checkout-completed-change">
              <button type="button" className="link-button" onClick={() => onChange(row.change as CheckoutStep)} aria-label={`Change ${row.label}`}>
                Change
              </button>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
