import type { BasketView } from '../commerce-types.ts';
import { bagHoldsMembership } from '../membership-rules.ts';
import { amountDueOf } from '../tenders/tender-split.ts';

/**
 * How the express checkout's web payment (PayPal) button shows for a bag, mirroring the server's refusals
 * (`expressRefusal`, src/server/checkout/web-payment-checkout.ts) so the shopper is not offered what the server
 * would refuse (checkout spec §4 "Express checkout"):
 * - hidden with no bag, an empty bag, or a perks membership in it ("Both express buttons are hidden with a perks item
 *   in the bag");
 * - disabled when the amount due (what is left after gift cards, certificates and rewards) is 0 or less ("A total of
 *   0 or less disables the web payment button");
 * - enabled otherwise.
 */
export type ExpressButtonState = 'hidden' | 'disabled' | 'enabled';

export function webPaymentButtonState(bag: Pick<BasketView, 'productItems' | 'c_summary'> | null): ExpressButtonState {
  if (!bag || bag.productItems.length === 0) return 'hidden';
  if (bagHoldsMembership(bag.productItems.map((l) => l.c_productType))) return 'hidden';
  return amountDueOf(bag.c_summary) > 0 ? 'enabled' : 'disabled';
}

/** Said under the disabled PayPal button, so the shopper knows why it cannot be pressed. */
export const NOTHING_LEFT_TO_PAY = 'Nothing is left to pay, so PayPal is not needed.';
/** Under the express buttons in the payment step, above the card form. */
export const PAY_BY_CARD = 'or pay by card';
