import { addressLines } from '#src/lib/checkout/address-lines.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import type { CheckoutStep } from '#src/lib/checkout/flash.ts';
import { baseStep, BASE_STEPS } from '#src/lib/checkout/steps.ts';
import { formatCents } from '#src/lib/money.ts';
import { methodWithDelivery } from '#src/lib/shipping-methods.ts';
import { checkoutPaymentLines } from '#src/lib/checkout/order-payments.ts';
import { amountDueOf } from '#src/lib/tenders/tender-split.ts';

interface Props {
  view: CheckoutView;
  step: CheckoutStep;
  onChange(step: CheckoutStep): void;
}

/**
 * What has been entered so far, with Change buttons (product spec §4 "Completed-fields summary"): Contact (no Change
 * for signed-in shoppers), Ship To and Shipping Method (no Change for digital-only bags), Payment (every payment with
 * its amount), and the Billing Address (a guest's when it is not the shipping address). A row shows once its step lies
 * behind the current one.
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
  // Every payment with what it pays: gift cards (with the balance they keep), certificates, rewards, then the card.
  const payments = checkoutPaymentLines(view.basket.paymentInstruments ?? [], view.payment, amountDueOf(view.basket.c_summary));
  if (at > 2 && payments.length > 0) {
    const lines = payments.map(
      (p) => `${p.label}: ${formatCents(p.amount)}${p.balanceLeft === null ? '' : ` (balance left ${formatCents(p.balanceLeft)})`}`,
    );
    rows.push({ label: 'Payment', lines, change: 'updatePayment' });
  }
  // A signed-in shopper's billing address, and a guest's when it is not the shipping address.
  if (at > 2 && view.billingAddress && (view.signedIn || !view.billingSameAsShipping || digitalOnly)) {
    rows.push({ label: 'Billing Address', lines: addressLines(view.billingAddress), change: view.signedIn ? 'updateBillingAddress' : 'payment' });
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
