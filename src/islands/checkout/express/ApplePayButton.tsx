import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { API } from '../../../lib/api/contract.ts';
import { callApi } from '../../../lib/api-client.ts';
import { $bag } from '../../../lib/stores/bag.ts';
import { amountDueOf } from '../../../lib/tenders/tender-split.ts';
import { walletButtonShown, type WalletPaymentRequest } from '../../../lib/wallet/payment-request.ts';
import { amountCents, applePayErrors, applePaySession, sheetUpdate } from '../../../lib/wallet/apple-pay-js.ts';
import type { WalletAuthorize } from '../../../lib/wallet/wallet-schemas.ts';
import './apple-pay-button.css';

/**
 * Express checkout's wallet button (Apple Pay on the web; checkout spec §4, §9), on the bag page and in the payment
 * step. It shows only once the page has loaded, Safari's ApplePaySession exists and can make payments, the total is
 * above 0 and the bag holds no perks item; no script is loaded for it. The payment request is asked of the server
 * while the button shows, so that a click opens the sheet at once (Safari opens it only from the click itself). Every
 * figure on the sheet is the server's; the payment is placed by the server once per Idempotency-Key.
 */
export function ApplePayButton({ offered = true }: { offered?: boolean }) {
  const bag = useStore($bag);
  const [device, setDevice] = useState<{ loaded: boolean; supports: boolean }>({ loaded: false, supports: false });
  const [request, setRequest] = useState<WalletPaymentRequest | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The total the sheet shows now, in cents: the payment is refused if the server's differs.
  const shownTotal = useRef(0);

  useEffect(() => {
    let supports = false;
    try {
      supports = applePaySession()?.canMakePayments() === true;
    } catch {
      supports = false;
    }
    setDevice({ loaded: true, supports });
  }, []);

  const shown =
    offered &&
    !!bag &&
    walletButtonShown({
      loaded: device.loaded,
      deviceSupports: device.supports,
      totalCents: amountDueOf(bag.c_summary),
      productTypes: bag.productItems.map((l) => l.c_productType),
    });
  const bagVersion = bag ? `${bag.basketId}:${amountDueOf(bag.c_summary)}:${bag.totalQuantity}` : '';

  // Asked again whenever the bag's total or lines change (bagVersion), so the sheet opens with the bag as it is.
  useEffect(() => {
    if (!shown || !bagVersion) return;
    let current = true;
    void callApi(API.walletRequest).then((r) => {
      if (current) setRequest(r.ok ? r.body.paymentRequest : null);
    });
    return () => {
      current = false;
    };
  }, [shown, bagVersion]);

  if (!shown) return null;

  const pay = () => {
    const Session = applePaySession();
    if (!Session || !request) return;
    setMessage(null);
    setBusy(true);
    shownTotal.current = amountCents(request.total.amount);
    const session = new Session(3, request);
    let totals = { total: request.total, lineItems: request.lineItems };
    let contact: ReturnType<typeof redacted> | undefined;
    const remember = (next: typeof totals) => {
      totals = next;
      shownTotal.current = amountCents(next.total.amount);
    };
    const fail = (text: string) => {
      setBusy(false);
      setMessage(text);
    };

    session.onvalidatemerchant = async ({ validationURL }) => {
      const r = await callApi(API.walletValidation, { validationURL });
      if (r.ok) session.completeMerchantValidation(r.body.merchantSession);
      else {
        session.abort();
        fail(r.message);
      }
    };
    session.onpaymentmethodselected = () => session.completePaymentMethodSelection(sheetUpdate(totals));
    session.onshippingcontactselected = async ({ shippingContact }) => {
      const picked = redacted(shippingContact);
      const r = await callApi(API.walletShippingAddress, { shippingContact: picked });
      if (!r.ok) {
        session.completeShippingContactSelection({ ...sheetUpdate(totals), errors: applePayErrors([{ code: 'unknown', message: r.message }]) });
        return;
      }
      if (r.body.errors.length === 0) {
        contact = picked;
        remember(r.body);
      }
      session.completeShippingContactSelection({
        ...sheetUpdate(r.body),
        newShippingMethods: r.body.shippingMethods,
        errors: applePayErrors(r.body.errors),
      });
    };
    session.onshippingmethodselected = async ({ shippingMethod }) => {
      const r = await callApi(API.walletShippingMethod, { identifier: shippingMethod.identifier, ...(contact ? { shippingContact: contact } : {}) });
      if (r.ok) remember(r.body);
      session.completeShippingMethodSelection(sheetUpdate(totals));
    };
    session.onpaymentauthorized = async ({ payment }) => {
      const r = await callApi(
        API.walletAuthorize,
        { amountDue: shownTotal.current, payment: payment as WalletAuthorize['payment'] },
        {
          headers: { 'idempotency-key': crypto.randomUUID() },
        },
      );
      const result = r.body;
      if (r.ok && result?.confirmationStatus === 'confirmed') {
        session.completePayment({ status: Session.STATUS_SUCCESS });
        if (result.basket) $bag.set(result.basket);
        window.location.assign('/order-confirmation');
        return;
      }
      session.completePayment({ status: Session.STATUS_FAILURE, errors: applePayErrors(result?.errors ?? []) });
      fail(result?.message ?? (r.ok ? '' : r.message));
    };
    // Closing the sheet leaves the bag as it was; there is nothing to tell the shopper.
    session.oncancel = () => setBusy(false);
    session.begin();
  };

  return (
    <div className="express-checkout">
      <button type="button" className="apple-pay-button" aria-label="Buy with Apple Pay" onClick={pay} disabled={busy || !request} aria-busy={busy}>
        <span className="apple-pay-button-words">Buy with Apple Pay</span>
      </button>
      {message && <p role="alert">{message}</p>}
    </div>
  );
}

/** Only the redacted contact's fields go to the server (the sheet may add others). */
function redacted(contact: Record<string, unknown>) {
  const text = (key: string) => (typeof contact[key] === 'string' ? (contact[key] as string) : '');
  return {
    countryCode: text('countryCode'),
    administrativeArea: text('administrativeArea'),
    locality: text('locality'),
    postalCode: text('postalCode'),
  };
}
