import { useEffect, useState, type RefObject } from 'react';
import { bagHoldsMembership } from '#src/lib/membership-rules.ts';
import { useStore } from '@nanostores/react';
import { addressFieldErrors, type AddressDraft } from '#src/lib/checkout/address-rules.ts';
import { CARD_TECHNICAL_PROBLEM } from '#src/lib/checkout/card-messages.ts';
import { digitsOnly } from '#src/lib/checkout/card-rules.ts';
import { METHOD_NOT_OFFERED } from '#src/lib/checkout/payment-methods.ts';
import { STORE_CARD_NOTE } from '#src/lib/store-card/store-card-messages.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import { CARD_ON_ORDER, defaultPaymentChoice, type PaymentChoice, paymentOptions } from '#src/lib/checkout/payment-choice.ts';
import { payLaterEligibility, payLaterInputOf } from '#src/lib/pay-later/pay-later-rules.ts';
import { isValidPassword } from '#src/lib/password-rules.ts';
import { $cardEntry, $cardKind, cardDetails, cardEntryErrors, keepCardDraft, resetCardEntry, tokenizeEntry } from '#src/lib/stores/checkout-card.ts';
import { $checkoutDraft, updateDraft } from '#src/lib/stores/checkout-draft.ts';
import { $walletOffered, $webPaymentButtons } from '#src/lib/stores/express-buttons.ts';
import { $addressSuggestions, $tokenization, registerAtPayment, submitBilling, submitPayment } from '#src/lib/stores/checkout.ts';
import { PasswordField } from '../account/PasswordField.tsx';
import { AddressForm } from './AddressForm.tsx';
import { CardForm } from './CardForm.tsx';
import { CardIcons } from './CardIcons.tsx';
import { ExpressCheckout } from './express/ExpressCheckout.tsx';
import { KeptPayPalPay } from './express/KeptPayPal.tsx';
import { PAY_BY_CARD } from '#src/lib/checkout/express-rules.ts';
import { PayLaterNote } from './PayLaterNote.tsx';
import { amountDueOf, GIFT_CARDS_PAY_ALL, TENDERS_PAY_ALL } from '#src/lib/tenders/tender-split.ts';
import { StepForm } from './StepForm.tsx';
import { StoreCardOfferDialog } from '../store-card-offer/StoreCardOfferDialog.tsx';

interface Props {
  view: CheckoutView;
  /** updateBillingAddress / createBillingAddress: the billing address alone (PUT billing_address/update/). */
  billingOnly: boolean;
  /** createCreditCard: a new card's form, the saved cards not offered (the product spec's small-screen page). */
  newCardOnly?: boolean;
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone(): void;
  onError(message: string): void;
}

/**
 * The payment page: the card already on the order, a saved card or a new one (tokenized in the browser; the number
 * never reaches the store) while gift cards leave something to pay, the billing address (same as shipping by default; its own for digital-only bags), and
 * for a guest the offer to create an account.
 */
export function PaymentStep({ view, billingOnly, newCardOnly = false, title, headingRef, onDone, onError }: Props) {
  const draft = useStore($checkoutDraft);
  const suggestions = useStore($addressSuggestions);
  const entry = useStore($cardEntry);
  const kind = useStore($cardKind);
  const where = useStore($tokenization);
  const webPayment = useStore($webPaymentButtons);
  const walletOffered = useStore($walletOffered);
  const [busy, setBusy] = useState(false);
  const [showAll, setShowAll] = useState(false);
  // The name on the card and the expiry come back from the tab's draft, and are kept in it while the step is open.
  useEffect(() => keepCardDraft(), []);
  const expiredFlash = view._flash.find((f) => f.type === 'PaymentInstrumentExpired');
  const plccOffered = view.c_applicablePaymentMethods.includes('plcc');
  const choiceInput = {
    payment: view.payment,
    // A store card that cannot pay this bag (its brands, its available credit) is listed with the server's reason.
    savedCards: view.signedIn ? view.savedCards : [],
    // Checkout spec §4: a perks item in the bag forces a new card; an expired card's flash hides the saved ones.
    savedCardsHidden: !!expiredFlash || bagHoldsMembership(view.basket.productItems.map((l) => l.c_productType)),
  };
  const options = paymentOptions(choiceInput);
  const [chosen, setChoice] = useState<PaymentChoice>(() => defaultPaymentChoice(choiceInput));
  // A choice the bag has since ruled out (a gift card removed leaves more than the store card's credit) gives way.
  const kept = chosen === null || options.some((o) => o.id === chosen && !o.disabled) ? chosen : defaultPaymentChoice(choiceInput);
  const choice = newCardOnly ? null : kept;
  const [createAccount, setCreateAccount] = useState(false);
  const [password, setPassword] = useState('');
  const digitalOnly = view.basket.c_summary.isDigitalItemsOnly;
  // Gift cards may pay it all: a card is asked for only while something is left for it (the server's amountDue).
  const needsCard = !billingOnly && amountDueOf(view.basket.c_summary) > 0;
  const billingSame = !digitalOnly && draft.billingSame;

  // A store card needs its number only (and a name): it is not tokenized, so it has no card details to send.
  const storeCardOk = kind.isPlcc && plccOffered && Object.keys(cardEntryErrors()).length === 0;
  const cardOk = !needsCard || choice !== null || storeCardOk || !!cardDetails();
  const billingOk = billingSame || Object.keys(addressFieldErrors(draft.billing)).length === 0;
  const accountOk = !createAccount || isValidPassword(password);

  const submit = async () => {
    const finish = (message?: string) => {
      setBusy(false);
      if (message) onError(message);
    };
    if (needsCard && choice === null && kind.isPlcc && !plccOffered) return onError(METHOD_NOT_OFFERED);
    setBusy(true);
    if (!billingOnly && createAccount && !view.signedIn) {
      const names = billingSame ? (view.shippingAddress ?? draft.shipping) : draft.billing;
      const r = await registerAtPayment({ first_name: names.firstName, last_name: names.lastName, email: view.email ?? draft.email, password });
      if (!r.ok) return finish(r.message);
    }
    // The card stays as it is on the order, or none is needed: only the billing address is sent.
    if (!needsCard || choice === CARD_ON_ORDER) {
      const r = await submitBilling(billingSame, billingSame ? undefined : draft.billing);
      if (!r.ok) return finish(r.message);
      finish();
      return onDone();
    }
    let card: Awaited<ReturnType<typeof tokenizeEntry>> | null = null;
    // Checkout spec §4: a store card skips tokenization; its number goes to the store's payment endpoint only.
    const storeCard = choice === null && kind.isPlcc ? { number: digitsOnly(entry.number) } : null;
    if (choice === null && !storeCard) {
      const details = cardDetails();
      if (!details || !where) return finish(CARD_TECHNICAL_PROBLEM);
      card = await tokenizeEntry(where, details);
      if (!card.ok) return finish(card.message);
    }
    const r = await submitPayment({
      ...(storeCard ? { storeCard } : card?.ok ? { card: { token: card.card.token } } : { paymentInstrumentId: choice ?? undefined }),
      billingSameAsShipping: billingSame,
      billingAddress: billingSame ? undefined : (draft.billing as AddressDraft),
      save_credit_card: view.signedIn && choice === null && !storeCard && entry.saveCard,
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
      {!billingOnly && view.c_webPayment && (
        <KeptPayPalPay kept={view.c_webPayment} amountDue={amountDueOf(view.basket.c_summary)} otherwise={needsCard ? PAY_BY_CARD : undefined} />
      )}
      {/* PayPal approved already is the express payment: the block would offer it twice. */}
      {!billingOnly && !view.c_webPayment && (
        <ExpressCheckout
          from="payment"
          buttons={webPayment}
          wallet={walletOffered}
          initial={view.basket}
          otherwise={needsCard ? PAY_BY_CARD : undefined}
        />
      )}
      {needsCard && <PayLaterNote offer={view.payLater} eligibility={payLaterEligibility(payLaterInputOf(view.basket))} />}
      {needsCard && plccOffered && view.shippingAddress && view.basket.basketId && (
        <StoreCardOfferDialog
          basketId={view.basket.basketId}
          firstName={view.shippingAddress.firstName}
          phone={view.shippingAddress.phone}
          signedIn={view.signedIn}
          onPaid={onDone}
        />
      )}
      {!billingOnly && !needsCard && (
        <p className="notice notice-success" role="status">
          {(view.basket.paymentInstruments ?? []).every((p) => p.paymentMethodId === 'SVS_GIFT_CARD') ? GIFT_CARDS_PAY_ALL : TENDERS_PAY_ALL}
        </p>
      )}
      {needsCard && !newCardOnly && options.length > 0 && (
        <fieldset className="checkout-fieldset saved-cards">
          <legend>Payment method</legend>
          {[...options, { id: null, label: 'Use a new card', disabled: false, note: undefined }].map((o) => (
            <div key={o.id ?? 'new'} className="saved-choice">
              <label className={o.disabled ? 'saved-option disabled' : 'saved-option'}>
                <input
                  type="radio"
                  name="payment-choice"
                  checked={choice === o.id}
                  disabled={o.disabled}
                  aria-describedby={o.note ? `payment-note-${o.id}` : undefined}
                  onChange={() => setChoice(o.id)}
                />
                <span>{o.label}</span>
              </label>
              {o.note && (
                <p id={`payment-note-${o.id}`} className="notice notice-caution">
                  {o.note}
                </p>
              )}
            </div>
          ))}
        </fieldset>
      )}
      {needsCard && choice === null && (
        <fieldset className="checkout-fieldset">
          <legend>Card</legend>
          <CardIcons current={kind.type} />
          <CardForm signedIn={view.signedIn} showErrors={showAll} />
          {kind.isPlcc && <p className={plccOffered ? 'notice' : 'notice notice-caution'}>{plccOffered ? STORE_CARD_NOTE : METHOD_NOT_OFFERED}</p>}
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
            knownPlace={view.shippingAddress}
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
