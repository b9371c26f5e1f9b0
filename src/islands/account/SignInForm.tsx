import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { serverMessageOr } from '#src/lib/errors.ts';
import { LoginSchema } from '#src/lib/schemas/account.ts';
import { Email } from '#src/lib/schemas/email.ts';
import { safeReturnPath } from '#src/lib/return-path.ts';
import { draftEmail } from '#src/lib/stores/checkout-draft.ts';
import { ForgotPassword } from './ForgotPassword.tsx';
import { PasswordField } from './PasswordField.tsx';
import { SocialSignIn, type SocialProviderButton } from './SocialSignIn.tsx';
import { goAfterSignIn, type SignInBody } from './after-sign-in.ts';
import './account.css';

const LOGIN_FAILED = 'Something went wrong. Try again';

interface Props {
  providers?: SocialProviderButton[];
  /** What follows a successful sign-in (the page's own way on); by default the return path or the account page. */
  onSignedIn?: (body: SignInBody) => Promise<void>;
  /** The e-mail to start with (the checkout's, when the form opens there). */
  initialEmail?: string;
  /** Without its own heading and region, inside a dialog that has a title. */
  headed?: boolean;
}

const toAccount = (body: SignInBody) => goAfterSignIn(body, '/my-account');

/** Sign in with e-mail and password (keep me signed in = 90 days), Forgot Password?, and social sign-in. */
export function SignInForm({ providers = [], onSignedIn = toAccount, initialEmail = '', headed = true }: Props) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgot, setForgot] = useState(false);
  const [emailLeft, setEmailLeft] = useState(false);
  const valid = v.safeParse(LoginSchema, { email, password, keepMeSignedIn: keep }).success;
  const emailCheck = v.safeParse(Email, email);
  // 'Email is required' / 'Valid email is required' (checkout spec §5), once the field has been left.
  const emailError = emailLeft && !emailCheck.success ? emailCheck.issues[0].message : null;

  // Sent here from the checkout ('It looks like you already have an account'): the e-mail just typed there, from
  // the tab's checkout draft (read after hydration; anything typed here already wins).
  useEffect(() => {
    const back = safeReturnPath(new URLSearchParams(window.location.search).get('original'), '');
    if (!back.startsWith('/checkout')) return;
    const typed = draftEmail();
    if (typed) setEmail((current) => current || typed);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    const r = await callApi(API.signIn, { email, password, keepMeSignedIn: keep });
    if (r.ok) return onSignedIn(r.body);
    setBusy(false);
    setError(serverMessageOr(r, LOGIN_FAILED));
  };

  const form = (
    <>
      <form onSubmit={submit} noValidate={false}>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setEmailLeft(true)}
            aria-invalid={!!emailError}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
          />
          {emailError && (
            <small id={`${id}-email-error`} className="field-error">
              {emailError}
            </small>
          )}
        </div>
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
        <label className="check">
          <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> Keep me signed in
        </label>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="add" disabled={!valid || busy} aria-busy={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <button type="button" className="link" aria-expanded={forgot} onClick={() => setForgot(!forgot)}>
        Forgot Password?
      </button>
      {forgot && <ForgotPassword initialEmail={email} />}
      <SocialSignIn providers={providers} />
    </>
  );
  if (!headed) return form;
  return (
    <section aria-labelledby={`${id}-heading`} className="account-panel">
      <h2 id={`${id}-heading`}>Sign In</h2>
      {form}
    </section>
  );
}
