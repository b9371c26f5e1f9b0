import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { serverMessageOr } from '#src/lib/errors.ts';
import { formatCents } from '#src/lib/money.ts';
import { PERKS_EMAIL_HINT, PERKS_NO_ACCOUNT, PERKS_SIGN_IN_HINT, perksBenefit, perksProgrammeName } from '#src/lib/perks/perks-texts.ts';
import { Email } from '#src/lib/schemas/email.ts';
import { $customer, reloadCustomer } from '#src/lib/stores/customer.ts';
import { joinPerks } from '#src/lib/stores/perks.ts';
import { ForgotPassword } from '../account/ForgotPassword.tsx';
import { PasswordField } from '../account/PasswordField.tsx';
import { Modal } from '../ui/Modal.tsx';
import { PerksTerms } from './PerksTerms.tsx';
import './perks.css';

const SIGN_IN_FAILED = 'Something went wrong. Try again';

/**
 * Where a guest's join stands: the e-mail is asked first; a registered one turns the action into sign in (password
 * here, through the store's sign-in), an unknown one is sent to create an account.
 */
type GuestStep = 'email' | 'signIn' | 'noAccount';

interface Props {
  open: boolean;
  onClose: () => void;
  /** The membership's variant and its product's name and price (cents a year). */
  variantId: string;
  productName: string;
  priceCents: number;
}

/**
 * The perks membership's add-to-bag modal (checkout spec §4 "Loyalty (perks) add-to-bag"): the terms box, ticked by
 * default, must stay ticked; a guest gives an e-mail, and a registered one signs in here before the add, which then
 * names the account (checkIfAlreadyMember, email, customerId). On success the bag is replaced and the modal says so,
 * with the way to checkout; the server's refusal (a member outside the renewal window) is shown as it comes.
 */
export function PerksJoin({ open, onClose, variantId, productName, priceCents }: Props) {
  const customer = useStore($customer);
  const [accepted, setAccepted] = useState(true);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [step, setStep] = useState<GuestStep>('email');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState(false);
  const checkout = useRef<HTMLAnchorElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const createAccount = useRef<HTMLAnchorElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const ids = useId();
  const name = perksProgrammeName(productName);
  const guest = !customer.authenticated;

  useEffect(() => {
    if (joined) checkout.current?.focus();
  }, [joined]);
  // A refusal is focused and read out: signing in here takes the e-mail and password fields away, and with them the
  // focus a press of Enter left there.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);
  // The password field appears when the e-mail is known: focus goes to it. An unknown e-mail turns Continue off
  // (focus would fall to the page's body): focus goes to the way on, Create an account.
  useEffect(() => {
    if (step === 'signIn') formRef.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
    if (step === 'noAccount') createAccount.current?.focus();
  }, [step]);

  const close = () => {
    setError(null);
    setJoined(false);
    onClose();
  };

  const add = async (signedInAs: { email: string; customerId: string } | null) => {
    const r = await joinPerks(variantId, signedInAs);
    setBusy(false);
    if (!r.ok) return setError(r.message);
    setJoined(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    // The terms' own message is already shown beside the box: focus goes there.
    if (!accepted) return formRef.current?.querySelector<HTMLInputElement>('.perks-terms input')?.focus();
    if (!guest) {
      setBusy(true);
      return add(null);
    }
    const checked = v.safeParse(Email, email);
    if (!checked.success) return setEmailError(checked.issues[0].message);
    setBusy(true);
    if (step !== 'signIn') {
      const known = await callApi(API.recogniseEmail, { email: checked.output });
      setBusy(false);
      if (!known.ok) return setError(known.message);
      return setStep(known.body.registered ? 'signIn' : 'noAccount');
    }
    const signedIn = await callApi(API.signIn, { email: checked.output, password, keepMeSignedIn: false });
    if (!signedIn.ok) {
      setBusy(false);
      return setError(serverMessageOr(signedIn, SIGN_IN_FAILED));
    }
    void reloadCustomer();
    await add({ email: signedIn.body.profileData.email, customerId: signedIn.body.profileData.customerNo });
  };

  const action = guest && step === 'signIn' ? 'Sign In' : guest ? 'Continue' : 'Add to Bag';
  return (
    <Modal open={open} title={`Join ${name}`} size="medium" onClose={close}>
      {joined ? (
        <div className="perks-joined">
          <p role="status">{productName} is in your bag. Your payment will be a new card.</p>
          <div className="added-actions">
            <button type="button" className="button-secondary" onClick={close}>
              Continue Shopping
            </button>
            <a ref={checkout} className="button" href="/checkout">
              Checkout Now
            </a>
          </div>
        </div>
      ) : (
        <form ref={formRef} className="perks-join" onSubmit={submit} noValidate>
          <p>
            {perksBenefit(name)}. {formatCents(priceCents)} a year.
          </p>
          {guest && (
            <div className="field">
              <label htmlFor={`${ids}-email`}>Email</label>
              <input
                id={`${ids}-email`}
                type="email"
                autoComplete="username"
                required
                value={email}
                readOnly={step === 'signIn'}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setEmailError(null);
                  setStep('email');
                }}
                aria-invalid={!!emailError}
                aria-describedby={`${ids}-email-hint`}
              />
              <small id={`${ids}-email-hint`} className={emailError ? 'field-error' : 'field-hint'}>
                {emailError ?? (step === 'signIn' ? PERKS_SIGN_IN_HINT : PERKS_EMAIL_HINT)}
              </small>
            </div>
          )}
          {guest && step === 'signIn' && (
            <>
              <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
              <button type="button" className="link" aria-expanded={forgot} onClick={() => setForgot(!forgot)}>
                Forgot Password?
              </button>
              {forgot && <ForgotPassword initialEmail={email} />}
            </>
          )}
          {guest && step === 'noAccount' && (
            <p className="notice notice-info" role="status">
              {PERKS_NO_ACCOUNT}{' '}
              <a ref={createAccount} href={`/register?original=${encodeURIComponent(window.location.pathname)}`}>
                Create an account
              </a>
            </p>
          )}
          <PerksTerms
            accepted={accepted}
            onChange={(on) => {
              setAccepted(on);
              setError(null);
            }}
          />
          {error && (
            <p ref={errorRef} tabIndex={-1} className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="add" aria-busy={busy} disabled={guest && step === 'noAccount'}>
            {busy ? 'Please wait…' : action}
          </button>
        </form>
      )}
    </Modal>
  );
}
