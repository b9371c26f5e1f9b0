import { loadScript, type PayPalButtonsComponent } from '@paypal/paypal-js';
import type { Dispatch, SetStateAction } from 'react';
import { emitSiteError, EXPRESS_CHECKOUT_FLOW } from '#src/lib/analytics.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { paypalScriptOptions, type WebPaymentButtons } from '#src/lib/checkout/web-payment-buttons.ts';
import { createExpressOrder, type From, placeExpressOrder } from '#src/lib/stores/express.ts';

interface Options {
  buttons: WebPaymentButtons & { clientId: string; sdkUrl: string };
  /** Where the express checkout was started, read when PayPal calls back. */
  from: () => From;
  /** The message under the buttons (null: none). */
  setMessage: Dispatch<SetStateAction<string | null>>;
}

/**
 * PayPal's SDK (`loadScript`, the configuration of web-payment-buttons.ts) and its buttons with the store's
 * callbacks: createOrder makes our order on the server, onApprove places it. A module of its own, with the loader, so
 * that PayPalSdkButtons fetches it only when the shopper reaches for the button; drawing the buttons is the caller's.
 */
export async function payPalButtons({ buttons, from, setMessage }: Options): Promise<PayPalButtonsComponent> {
  const paypal = await loadScript(paypalScriptOptions(buttons));
  if (!paypal?.Buttons) throw new Error('PayPal’s buttons are not available');
  return paypal.Buttons({
    createOrder: async () => {
      setMessage(null);
      const order = await createExpressOrder(from());
      if (!order.ok) {
        setMessage(order.message);
        throw new Error(order.message);
      }
      return order.id;
    },
    onApprove: async (data) => {
      const placed = await placeExpressOrder({ orderId: data.orderID, payerId: data.payerID ?? null, from: from() });
      if (placed.ok) window.location.assign('/order-confirmation');
      // The total with PayPal's address is not the approved one: the store's review shows it before placing.
      else if (placed.review) window.location.assign(`/checkout/paypal/return/?token=${encodeURIComponent(data.orderID)}&from=bag`);
      else setMessage(placed.message);
    },
    // The shopper closed PayPal's window: they are still where they were (the bag or the payment step).
    onCancel: () => setMessage(null),
    onError: (err) => {
      setMessage((current) => current ?? ORDER_TECHNICAL_PROBLEM);
      emitSiteError({ message: String(err?.message ?? 'PayPal error'), status: 0, path: 'paypal', flow: EXPRESS_CHECKOUT_FLOW });
    },
  });
}
