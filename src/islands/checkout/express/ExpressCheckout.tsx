import { useStore } from '@nanostores/react';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { NOTHING_LEFT_TO_PAY, webPaymentButtonState } from '#src/lib/checkout/express-rules.ts';
import type { WebPaymentButtons } from '#src/lib/checkout/web-payment-buttons.ts';
import { $bag } from '#src/lib/stores/bag.ts';
import type { From } from '#src/lib/stores/express.ts';
import { ApplePayGate } from './ApplePayGate.tsx';
import { PayPalButton } from './PayPalButton.tsx';
import './express-checkout.css';

interface Props {
  from: From;
  /** The web payment buttons' configuration (null: WEB_PAYMENT=off). */
  buttons: WebPaymentButtons | null;
  /** The bag the page was rendered with, until the bag store has one. */
  initial?: BasketView | null;
  /** Whether the wallet (Apple Pay) is offered (WALLET=embedded); its button applies its own rule besides. */
  wallet?: boolean;
  /** A line under the buttons that says what the rest of the page offers instead (the payment step's card form). */
  otherwise?: string;
}

/**
 * The express checkout block (checkout spec §2 "Payment step: ... express checkout block"; on the bag too): PayPal
 * and the wallet's button. It reads the bag from the bag store, so a code, a gift card or a line
 * changed on the page shows at once: hidden with a perks item, disabled with nothing left to pay.
 */
export function ExpressCheckout({ from, buttons, initial = null, wallet = false, otherwise }: Props) {
  const bag = useStore($bag) ?? initial;
  const state = buttons ? webPaymentButtonState(bag) : 'hidden';
  if (state === 'hidden' && !wallet) return null;
  return (
    <section className="express-checkout" aria-label="Express checkout">
      <div className="express-checkout-buttons">
        {buttons && state !== 'hidden' && <PayPalButton from={from} buttons={buttons} disabled={state === 'disabled'} />}
        {wallet && <ApplePayGate />}
      </div>
      {buttons && state === 'disabled' && <p className="express-checkout-note">{NOTHING_LEFT_TO_PAY}</p>}
      {otherwise && state === 'enabled' && <p className="express-checkout-or">{otherwise}</p>}
    </section>
  );
}
