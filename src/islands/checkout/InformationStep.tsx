import { lazy, Suspense, useState, type RefObject } from 'react';
import { bagHoldsMembership } from '#src/lib/membership-rules.ts';
import { useStore } from '@nanostores/react';
import { addressFieldErrors, type AddressDraft } from '#src/lib/checkout/address-rules.ts';
import type { CheckoutView } from '#src/lib/checkout/checkout-types.ts';
import type { CheckoutStep } from '#src/lib/checkout/flash.ts';
import { $checkoutDraft, updateDraft } from '#src/lib/stores/checkout-draft.ts';
import { $addressSuggestions, $checkout, submitEmail, submitShippingAddress } from '#src/lib/stores/checkout.ts';
import { AddressForm } from './AddressForm.tsx';
import { checkAddressBeforeSubmit } from './address-check.ts';
import { EmailField, emailError } from './EmailField.tsx';
import { StepForm } from './StepForm.tsx';
import { SavedAddresses } from './SavedAddresses.tsx';
import { KeptPayPalNote } from './express/KeptPayPalNote.tsx';
import { poBoxExcludedLines } from '#src/lib/checkout/shipping-extras.ts';
import type { LineItemView } from '#src/lib/commerce-types.ts';
import { removeLines } from '#src/lib/stores/checkout-shipping-extras.ts';

interface Props {
  view: CheckoutView;
  step: CheckoutStep;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone(): void;
  onError(message: string): void;
}

const TITLES: Partial<Record<CheckoutStep, string>> = {
  information: 'Login Details',
  updateEmail: 'Contact',
  updateShippingAddress: 'Shipping Address',
  createShippingAddress: 'New Shipping Address',
};

// The two dialogs an address's submit may open (a P.O. box the bag cannot go to, the service's suggestion) load with
// that submit, alongside the address check, not with the page.
const loadPoBox = () => import('./PoBoxModal.tsx').then((m) => ({ default: m.PoBoxModal }));
const loadConfirm = () => import('./ConfirmAddressModal.tsx').then((m) => ({ default: m.ConfirmAddressModal }));
const PoBoxModal = lazy(loadPoBox);
const ConfirmAddressModal = lazy(loadConfirm);

/**
 * The information page (product spec §2 "labelled login details"): contact e-mail and, for a bag that ships, the
 * shipping address (a signed-in shopper may pick a saved one). updateEmail shows the e-mail alone;
 * updateShippingAddress and createShippingAddress the address alone.
 */
export function InformationStep({ view, step, headingRef, onDone, onError }: Props) {
  const draft = useStore($checkoutDraft);
  const suggestions = useStore($addressSuggestions);
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState(false);
  const [confirm, setConfirm] = useState<{ entered: AddressDraft; suggested: AddressDraft } | null>(null);
  /** Lines that cannot go to the P.O. box entered: the About Your Order modal is open while set. */
  const [poBox, setPoBox] = useState<LineItemView[] | null>(null);
  const digitalOnly = view.basket.c_summary.isDigitalItemsOnly;
  const wantsEmail = !view.signedIn && (step === 'information' || step === 'updateEmail');
  const wantsAddress = !digitalOnly && step !== 'updateEmail';
  const usable = view.savedAddresses.filter((a) => !a.incomplete);
  const kept = view.c_webPayment;
  // PayPal's address to correct: the form shows it, not a saved address.
  const [savedId, setSavedId] = useState<string | null>(
    step === 'createShippingAddress' || kept?.problem ? null : ((usable.find((a) => a.preferred) ?? usable[0])?.addressId ?? null),
  );
  const usingSaved = wantsAddress && view.signedIn && savedId !== null;
  const requiresAccount = bagHoldsMembership(view.basket.productItems.map((l) => l.c_productType));

  const emailOk = !wantsEmail || (!emailError(draft.email) && !(registered && requiresAccount));
  const addressOk = !wantsAddress || usingSaved || Object.keys(addressFieldErrors(draft.shipping)).length === 0;
  const valid = emailOk && addressOk;

  const savedAddress = view.savedAddresses.find((a) => a.addressId === savedId)?.address ?? null;
  // The bag as the store holds it now (items may have just been removed), not as this render saw it.
  const refusedAt = (address: AddressDraft) =>
    poBoxExcludedLines(usingSaved ? savedAddress : address, ($checkout.get() ?? view).basket.productItems, (l) => l.c_isPOBoxExcluded === true);

  const sendAddress = async (address: AddressDraft) => {
    const refused = refusedAt(address);
    if (refused.length > 0) {
      setBusy(false);
      return setPoBox(refused);
    }
    const r =
      usingSaved && savedId
        ? await submitShippingAddress({ c_addressId: savedId }, true)
        : await submitShippingAddress(
            { address, saveToProfile: view.signedIn && draft.saveToProfile, make_address_default: draft.makeDefault },
            !!view.shippingAddress,
          );
    setBusy(false);
    if (!r.ok) return onError(r.message);
    onDone();
  };

  const removeRefused = async () => {
    if (!poBox) return;
    setBusy(true);
    const removed = await removeLines(poBox.map((l) => l.itemId));
    setPoBox(null);
    if (!removed.ok) {
      setBusy(false);
      return onError(removed.message);
    }
    await sendAddress(draft.shipping);
  };

  const submit = async () => {
    setBusy(true);
    if (wantsAddress) void Promise.all([loadPoBox(), loadConfirm()]).catch(() => undefined);
    if (wantsEmail) {
      const r = await submitEmail(draft.email, draft.subscribe, view.signedIn);
      if (!r.ok) {
        setBusy(false);
        return onError(r.message);
      }
    }
    if (!wantsAddress) {
      setBusy(false);
      return onDone();
    }
    if (refusedAt(draft.shipping).length > 0) return sendAddress(draft.shipping);
    if (!usingSaved) {
      const check = await checkAddressBeforeSubmit(draft.shipping);
      if (typeof check === 'object') {
        setBusy(false);
        return setConfirm({ entered: draft.shipping, suggested: check.suggested });
      }
    }
    await sendAddress(draft.shipping);
  };

  const choose = async (address: AddressDraft) => {
    setConfirm(null);
    updateDraft({ shipping: address });
    setBusy(true);
    await sendAddress(address);
  };

  return (
    <StepForm
      headingRef={headingRef}
      title={TITLES[step] ?? 'Login Details'}
      valid={valid}
      busy={busy}
      submitLabel={step !== 'information' ? 'Save and Continue' : digitalOnly ? 'Continue to Payment' : 'Continue to Shipping'}
      onInvalid={() => setShowAll(true)}
      onSubmit={() => void submit()}
    >
      {kept?.problem && <KeptPayPalNote kept={kept} />}
      {wantsEmail && (
        <fieldset className="checkout-fieldset">
          <legend>Contact</legend>
          <EmailField
            value={draft.email}
            onChange={(email) => {
              updateDraft({ email });
              setRegistered(false);
            }}
            showError={showAll}
            registered={registered}
            onRecognised={setRegistered}
            requiresAccount={requiresAccount}
          />
          <label className="checkbox">
            <input type="checkbox" checked={draft.subscribe} onChange={(e) => updateDraft({ subscribe: e.target.checked })} />
            Email me about new arrivals and offers
          </label>
        </fieldset>
      )}
      {wantsAddress && view.signedIn && view.savedAddresses.length > 0 && (
        <SavedAddresses addresses={view.savedAddresses} selected={savedId} onSelect={setSavedId} />
      )}
      {wantsAddress && !usingSaved && (
        <>
          <AddressForm
            idPrefix="ship"
            legend="Shipping Address"
            legendHidden={step !== 'information'}
            value={draft.shipping}
            onChange={(shipping) => updateDraft({ shipping })}
            showAllErrors={showAll}
            suggestionsEnabled={suggestions}
            knownPlace={view.savedAddresses.find((a) => a.preferred)?.address}
            refused={
              kept?.problem && kept.problem.field !== 'email'
                ? { ...kept.problem, field: kept.problem.field, value: kept.address[kept.problem.field] }
                : null
            }
          />
          {view.signedIn && (
            <div className="checkout-options">
              <label className="checkbox">
                <input type="checkbox" checked={draft.saveToProfile} onChange={(e) => updateDraft({ saveToProfile: e.target.checked })} />
                Save this address to my profile
              </label>
              <label className="checkbox">
                <input type="checkbox" checked={draft.makeDefault} onChange={(e) => updateDraft({ makeDefault: e.target.checked })} />
                Make this my default address
              </label>
            </div>
          )}
        </>
      )}
      {poBox && (
        <Suspense fallback={null}>
          <PoBoxModal lines={poBox} busy={busy} addressFieldId="ship-address1" onRemove={() => void removeRefused()} onClose={() => setPoBox(null)} />
        </Suspense>
      )}
      {confirm && (
        <Suspense fallback={null}>
          <ConfirmAddressModal
            open
            entered={confirm.entered}
            suggested={confirm.suggested}
            onUseSuggested={() => void choose(confirm.suggested)}
            onUseEntered={() => void choose(confirm.entered)}
            onClose={() => setConfirm(null)}
          />
        </Suspense>
      )}
    </StepForm>
  );
}
