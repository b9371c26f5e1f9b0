import { useState } from 'react';
import type { KeptWebPayment } from '#src/lib/checkout/checkout-types.ts';
import { placeExpressOrder } from '#src/lib/stores/express.ts';
import './express-checkout.css';

/**
 * The approved PayPal payment, placed with the checkout's address for the total shown beside it (`amountDue`, which
 * the server holds PayPal's order to); `otherwise` says what the rest of the page offers instead (the card form).
 */
export function KeptPayPalPay({ kept, amountDue, otherwise }: { kept: KeptWebPayment; amountDue: number; otherwise?: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setMessage(null);
    const placed = await placeExpressOrder({ orderId: kept.orderId, payerId: null, from: 'payment', amountDue });
    if (placed.ok) return window.location.assign('/order-confirmation');
    setBusy(false);
    setMessage(placed.message);
  };
  return (
    <section className="checkout-fieldset kept-paypal" aria-labelledby="kept-paypal-heading">
      <h3 id="kept-paypal-heading">PayPal</h3>
      <p>You approved this payment in PayPal as {kept.email}.</p>
      <button type="button" className="button" onClick={() => void pay()} disabled={busy} aria-busy={busy}>
        Place order with PayPal
      </button>
      {message && <p role="alert">{message}</p>}
      {otherwise && <p className="express-checkout-or">{otherwise}</p>}
    </section>
  );
}
