import { useState, type RefObject } from 'react';
import { amountDueOf } from '#src/lib/tenders/tender-split.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { securityCodeError, securityCodeLength, type CardKind } from '#src/lib/checkout/card-rules.ts';
import { formatCents } from '#src/lib/money.ts';
import { chargeNote, ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import { cardName } from '#src/lib/checkout/order-payments.ts';
import { resetCardEntry } from '#src/lib/stores/checkout-card.ts';
import { clearDraft } from '#src/lib/stores/checkout-draft.ts';
import { placeOrder } from '#src/lib/stores/checkout.ts';
import { StepForm } from './StepForm.tsx';

interface Props {
  view: CheckoutView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** A placement that did not confirm: its message (the island shows it, reloads the checkout and scrolls to top). */
  onFailed(message: string): void;
}

/**
 * Review and place order. The button sends the total the shopper is looking at; the server prices everything again
 * and refuses a changed total. A saved card asks for its security code (checked, never stored).
 */
export function ReviewStep({ view, headingRef, onFailed }: Props) {
  const [busy, setBusy] = useState(false);
  const [cvv, setCvv] = useState('');
  const [showAll, setShowAll] = useState(false);
  const saved = view.payment?.savedCardId ? view.payment : null;
  // A saved card's type is known: 4 digits for American Express, 3 for the others.
  const kind: CardKind = { type: saved?.cardType ?? '', isPlcc: false, isAmex: saved?.cardType === 'American Express', known: true };
  const cvvError = saved ? securityCodeError(cvv, kind) : null;

  // What the card pays: the order total less what gift cards and rewards pay (all of it when there are none). An order
  // they pay in full charges no card, and review says nothing of a card.
  const amountDue = amountDueOf(view.basket.c_summary);
  const place = async () => {
    setBusy(true);
    const r = await placeOrder({ orderTotal: view.basket.orderTotal, amountDue }, saved ? cvv : undefined);
    if (r.ok && r.result.confirmationStatus === 'confirmed') {
      clearDraft();
      resetCardEntry();
      window.location.assign('/order-confirmation');
      return;
    }
    setBusy(false);
    onFailed(r.ok ? (r.result.message ?? ORDER_TECHNICAL_PROBLEM) : r.message);
  };

  return (
    <StepForm
      headingRef={headingRef}
      title="Review and Place Order"
      valid={!cvvError}
      busy={busy}
      submitLabel={`Place Order · ${formatCents(amountDue)}`}
      onInvalid={() => setShowAll(true)}
      onSubmit={() => void place()}
    >
      {saved && (
        <div className="field">
          <label htmlFor="review-cvv">Security code for {cardName(saved)}</label>
          <input
            id="review-cvv"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={securityCodeLength(kind)}
            value={cvv}
            onChange={(e) => setCvv(e.target.value.replace(/\D/g, ''))}
            aria-invalid={showAll && !!cvvError}
            aria-describedby={showAll && cvvError ? 'review-cvv-error' : undefined}
          />
          {showAll && cvvError && (
            <small id="review-cvv-error" className="field-error">
              {cvvError}
            </small>
          )}
        </div>
      )}
      <p className="checkout-review-note">
        By placing your order you agree to our terms of sale.
        {amountDue > 0 && ` ${chargeNote(view.basket.productItems.map((l) => l.c_productType))}`}
      </p>
    </StepForm>
  );
}
