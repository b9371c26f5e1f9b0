import { useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { emitSiteError } from '#src/lib/analytics.ts';
import { addressFieldErrors, type AddressDraft } from '#src/lib/checkout/address-rules.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { tokenizeCard } from '#src/lib/checkout/tokenize.ts';
import { PRODUCT_TYPE } from '#src/lib/constants.ts';
import { isValidPassword } from '#src/lib/password-rules.ts';
import { $cardEntry, $cardKind, cardDetails, resetCardEntry } from '#src/lib/stores/checkout-card.ts';
import { $checkoutDraft, updateDraft } from '#src/lib/stores/checkout-draft.ts';
import { $addressSuggestions, $tokenization, registerAtPayment, submitBilling, submitPayment } from '#src/lib/stores/checkout.ts';
import { PasswordField } from '../account/PasswordField.tsx';
import { AddressForm } from './AddressForm.tsx';
import { CardForm } from './CardForm.tsx';
import { CardIcons } from './CardIcons.tsx';
import { StepForm } from './StepForm.tsx';

interface Props {
  view: CheckoutView;
  /** updateBillingAddress / createBillingAddress: the billing address alone (PUT billing_address/update/). */
  billingOnly: boolean;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone(): void;
  onError(message: string): void;
}

const STORE_CARD_OFFLINE = 'Store card payments cannot be taken online yet. Please use another card.';

/** Checkout spec §4 "Payment choice": the selected method, else the first usable saved card, else a new card. */
function defaultChoice(view: CheckoutView, hideSaved: boolean): string | null {
  if (hideSaved || view.basket.productItems.some((l) => l.c_productType === PRODUCT_TYPE.membership)) return null;
  if (view.payment?.savedCardId && !view.payment.isExpired) return view.payment.savedCardId;
  return view.savedCards.find((c) => !c.isExpired)?.paymentInstrumentId ?? null;
}

/**
 * The payment page: a saved card or a new one (tokenized in the browser; the number never reaches the store), the
 * billing address (same as shipping by default; its own for digital-only bags), and for a guest the offer to
 * create an account.
 */
export function PaymentStep({ view, billingOnly, title, headingRef, onDone, onError }: Props) {
  const draft = useStore($checkoutDraft);
  const suggestions = useStore($addressSuggestions);
  const entry = useStore($cardEntry);
  const kind = useStore($cardKind);
  const where = useStore($tokenization);
  const [busy, setBusy] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const expiredFlash = view._flash.find((f) => f.type === 'PaymentInstrumentExpired');
  const [choice, setChoice] = useState<string | null>(() => defaultChoice(view, !!expiredFlash));
  const [createAccount, setCreateAccount] = useState(false);
  const [password, setPassword] = useState('');
  const digitalOnly = view.basket.c_summary.isDigitalItemsOnly;
  const billingSame = !digitalOnly && draft.billingSame;
  const showSaved = view.signedIn && view.savedCards.length > 0 && !expiredFlash;

  const cardOk = billingOnly || choice !== null || (!!cardDetails() && !kind.isPlcc);
  const billingOk = billingSame || Object.keys(addressFieldErrors(draft.billing)).length === 0;
  const accountOk = !createAccount || isValidPassword(password);

  const submit = async () => {
    const finish = (message?: string) => {
      setBusy(false);
      if (message) onError(message);
    };
    if (billingOnly) {
      setBusy(true);
      const r = await submitBilling(billingSame, billingSame ? undefined : draft.billing);
      if (!r.ok) return finish(r.message);
      finish();
      return onDone();
    }
    if (choice === null && kind.isPlcc) return onError(STORE_CARD_OFFLINE);
    setBusy(true);
    if (createAccount && !view.signedIn) {
      const names = billingSame ? (view.shippingAddress ?? draft.shipping) : draft.billing;
      const r = await registerAtPayment({ first_name: names.firstName, last_name: names.lastName, email: view.email ?? draft.email, password });
      if (!r.ok) return finish(r.message);
    }
    let card: Awaited<ReturnType<typeof tokenizeCard>> | null = null;
    if (choice === null) {
      const details = cardDetails();
      if (!details || !where) return finish('There was a technical problem with your card. Please try again.');
      card = await tokenizeCard(where, details);
      if (!card.ok) return finish(card.message);
    }
    const r = await submitPayment({
      ...(card?.ok ? { card: card.card } : { paymentInstrumentId: choice ?? undefined }),
      billingSameAsShipping: billingSame,
      billingAddress: billingSame ? undefined : (draft.billing as AddressDraft),
      save_credit_card: view.signedIn && choice === null && entry.saveCard,
    });
    if (!r.ok) return finish(r.message);
    resetCardEntry();
    finish();
    onDone();
  };

  return (
    <StepForm
      headingRef={headingRef}
      title={title}
      valid={cardOk && billingOk && accountOk}
      busy={busy}
      submitLabel={billingOnly ? 'Save and Continue' : 'Review Order'}
      onInvalid={() => setShowAll(true)}
      onSubmit={() => void submit()}
    >
      {expiredFlash && (
        <p className="notice notice-error" role="alert">
          {expiredFlash.message}
        </p>
      )}
      {!billingOnly && showSaved && (
        <fieldset className="checkout-fieldset saved-cards">
          <legend>Payment method</legend>
          {view.savedCards.map((c) => (
            <label key={c.paymentInstrumentId} className={c.isExpired ? 'saved-option disabled' : 'saved-option'}>
              <input
                type="radio"
                name="payment-choice"
                checked={choice === c.paymentInstrumentId}
                disabled={c.isExpired}
                onChange={() => setChoice(c.paymentInstrumentId)}
              />
              <span>
                {c.cardType} ending in {c.last4}, expires {String(c.expMonth).padStart(2, '0')}/{String(c.expYear).slice(-2)}
                {c.isExpired && ' (Expired)'}
              </span>
            </label>
          ))}
          <label className="saved-option">
            <input type="radio" name="payment-choice" checked={choice === null} onChange={() => setChoice(null)} />
            <span>Use a new card</span>
          </label>
        </fieldset>
      )}
      {!billingOnly && choice === null && (
        <fieldset className="checkout-fieldset">
          <legend>Card</legend>
          <CardIcons current={kind.type} />
          <CardForm signedIn={view.signedIn} showErrors={showAll} />
          {kind.isPlcc && <p className="notice notice-caution">{STORE_CARD_OFFLINE}</p>}
        </fieldset>
      )}
      <fieldset className="checkout-fieldset">
        <legend className={billingOnly ? 'visually-hidden' : undefined}>Billing Address</legend>
        {!digitalOnly && (
          <label className="checkbox">
            <input type="checkbox" checked={billingSame} onChange={(e) => updateDraft({ billingSame: e.target.checked })} />
            Same as shipping address
          </label>
        )}
        {!billingSame && (
          <AddressForm
            idPrefix="bill"
            legend="Billing Address"
            legendHidden
            value={draft.billing}
            onChange={(billing) => updateDraft({ billing })}
            showAllErrors={showAll}
            suggestionsEnabled={suggestions}
          />
        )}
      </fieldset>
      {!billingOnly && !view.signedIn && (
        <fieldset className="checkout-fieldset">
          <legend>Create an account (optional)</legend>
          <label className="checkbox">
            <input type="checkbox" checked={createAccount} onChange={(e) => setCreateAccount(e.target.checked)} />
            Create an account with {view.email ?? 'my email'} for faster checkout next time
          </label>
          {createAccount && (
            <PasswordField label="Create Password" value={password} onChange={setPassword} checklist autoComplete="new-password" name="password" />
          )}
        </fieldset>
      )}
    </StepForm>
  );
}

/** Checkout spec §8: a billing address missing after the update is reported as site error E8001. */
export function reportMissingBilling(view: CheckoutView): void {
  if (!view.billingAddress) emitSiteError({ message: 'E8001', status: 0, path: '/api/checkout/payment_method/update/' });
}
