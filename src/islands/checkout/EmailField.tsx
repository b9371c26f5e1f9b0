import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { EMAIL_RECOGNITION_DEBOUNCE_MS } from '#src/lib/constants.ts';
import { Email, isEmail } from '#src/lib/schemas/email.ts';
import { LazyModal, loadModal } from '../ui/lazy-modal.ts';

interface Props {
  value: string;
  onChange(email: string): void;
  showError: boolean;
  /** The registered flag of the last address checked (account recognition). */
  onRecognised(registered: boolean): void;
  registered: boolean;
  /** The bag requires an account (a perks membership): a registered address must sign in first. */
  requiresAccount: boolean;
}

// The forgot-password form comes with the notice that offers it (an e-mail with an account), not with the page.
const loadForgotPassword = () => import('../account/ForgotPassword.tsx').then((m) => ({ default: m.ForgotPassword }));
const ForgotPassword = lazy(loadForgotPassword);

export const emailError = (email: string): string | null => {
  const r = v.safeParse(Email, email);
  return r.success ? null : r.issues[0].message;
};

/**
 * The information step's e-mail with account recognition (checkout spec §4): 500 ms after a change and on blur,
 * a valid address not checked yet is looked up; a registered one shows 'It looks like you already have an account.'
 * with a sign-in link and Forgot Password?.
 */
export function EmailField({ value, onChange, showError, onRecognised, registered, requiresAccount }: Props) {
  const [left, setLeft] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const checked = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const recognise = async (email: string) => {
    const normalised = email.trim().toLowerCase();
    if (!isEmail(normalised) || checked.current === normalised) return;
    checked.current = normalised;
    const r = await callApi(API.recogniseEmail, { email: normalised });
    if (r.ok && checked.current === normalised) onRecognised(r.body.registered);
  };
  useEffect(() => {
    if (registered) void Promise.all([loadModal(), loadForgotPassword()]).catch(() => undefined);
  }, [registered]);
  useEffect(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void recognise(value), EMAIL_RECOGNITION_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  });

  const error = (left || showError) && emailError(value);
  // A bag that requires an account cannot go on with a registered e-mail until the shopper signs in: after a press
  // on Continue the field is marked, so focus lands on it and the notice beside it says why.
  const mustSignIn = showError && registered && requiresAccount;
  // The e-mail goes with the shopper through the tab's checkout draft (the sign-in form reads it), not the URL.
  const signIn = `/register?isopen=true&original=${encodeURIComponent('/checkout')}`;
  return (
    <div className="field">
      <label htmlFor="checkout-email">Email</label>
      <input
        id="checkout-email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          setLeft(true);
          void recognise(value);
        }}
        aria-invalid={!!error || mustSignIn}
        aria-describedby={
          [error ? 'checkout-email-error' : null, registered ? 'checkout-email-account' : null].filter(Boolean).join(' ') || undefined
        }
      />
      {error && (
        <small id="checkout-email-error" className="field-error">
          {error}
        </small>
      )}
      {registered && (
        <p id="checkout-email-account" className="notice notice-info" role="status">
          It looks like you already have an account. <a href={signIn}>Sign in</a> for faster checkout.{' '}
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot Password?
          </button>
          {requiresAccount && ' Your bag holds a membership: please sign in to continue.'}
        </p>
      )}
      {registered && (
        <Suspense fallback={null}>
          <LazyModal open={forgotOpen} title="Forgot Password" size="small" onClose={() => setForgotOpen(false)}>
            <ForgotPassword initialEmail={value} />
          </LazyModal>
        </Suspense>
      )}
      {registered && requiresAccount && (
        // The spec's hidden required input: the form cannot be submitted until the shopper signs in.
        <input type="text" required hidden aria-hidden="true" tabIndex={-1} value="" readOnly name="sign-in-required" />
      )}
    </div>
  );
}
