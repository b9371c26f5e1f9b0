import type { KeptWebPayment } from '#src/lib/checkout/checkout-types.ts';

/**
 * PayPal approved from the bag whose address the bag could not take (KeptWebPayment): the information step says
 * PayPal stays the payment while the shopper corrects the address the problem names; the payment step pays with it
 * (KeptPayPal.tsx, which comes with that step).
 */
export function KeptPayPalNote({ kept }: { kept: KeptWebPayment }) {
  return (
    <p className="notice notice-caution" role="status">
      You approved this order in PayPal ({kept.email}), and PayPal stays your payment. We cannot ship to the address PayPal gave: please correct it
      below.
    </p>
  );
}
