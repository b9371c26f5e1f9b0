import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { methodWithDelivery } from '#src/lib/shipping-methods.ts';
import { OrderSummary } from '../../bag/OrderSummary.tsx';
import { CheckoutLines } from '../CheckoutSummary.tsx';
import { addressLines } from '#src/lib/checkout/address-lines.ts';
import '../checkout.css';
import './express-checkout.css';

interface Props {
  view: CheckoutView;
  /** The amount due the page shows, in cents: the Place order form sends it back as the confirmed total. */
  amountDue: number;
  payerEmail: string;
  /** Where the form posts: the PayPal return with its token. */
  action: string;
  /** Why the review is shown (the total differs from PayPal's approval, or changed since the last review). */
  notice: string;
}

/**
 * The review PayPal's "Continue" flow ends on (docs/decisions.md "PayPal from the bag"): the amount due for PayPal's
 * address is not the one the shopper approved there, so the store shows the lines, where and how it ships, the total
 * with its tax and PayPal as the payment, and places only when the shopper presses Place order. Rendered on the
 * server: the form works without scripts, and the server places once for any number of presses.
 */
export function PayPalReview({ view, amountDue, payerEmail, action, notice }: Props) {
  const method = view.shippingMethods.find((m) => m.id === view.basket.shipments[0]?.shippingMethod.id);
  return (
    <div className="paypal-review">
      <h1>Review your order</h1>
      <p role="status" className="paypal-review-notice">
        {notice}
      </p>
      <section aria-labelledby="paypal-review-items">
        <h2 id="paypal-review-items">Items</h2>
        <CheckoutLines basket={view.basket} />
      </section>
      <dl className="checkout-completed">
        {view.shippingAddress && (
          <div className="checkout-completed-row">
            <dt>Ship To</dt>
            <dd>
              {addressLines(view.shippingAddress)
                .filter(Boolean)
                .map((line) => (
                  <span key={line}>{line}</span>
                ))}
            </dd>
          </div>
        )}
        {method && (
          <div className="checkout-completed-row">
            <dt>Shipping Method</dt>
            <dd>
              <span>{`${methodWithDelivery(method)}: ${method.price === 0 ? 'Free' : formatCents(method.price)}`}</span>
            </dd>
          </div>
        )}
        <div className="checkout-completed-row">
          <dt>Payment</dt>
          <dd>
            <span>PayPal</span>
            <span>{payerEmail}</span>
          </dd>
        </div>
      </dl>
      <section aria-labelledby="paypal-review-total">
        <h2 id="paypal-review-total">Order Summary</h2>
        <OrderSummary summary={view.basket.c_summary} place="checkout" />
      </section>
      <form method="post" action={action}>
        <input type="hidden" name="amountDue" value={amountDue} />
        <button type="submit" className="button">
          Place order
        </button>
      </form>
      <p>
        <a href="/cart">Back to your bag</a>
      </p>
    </div>
  );
}
