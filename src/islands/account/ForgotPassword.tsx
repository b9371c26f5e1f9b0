import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { serverMessageOr } from '#src/lib/errors.ts';
import { Email } from '#src/lib/schemas/email.ts';
import './account.css';

type State = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };
const FALLBACK = 'Something went wrong. Please try again.';

/** The forgot-password form: idle, submitting, success (the server's 'A link has been sent to …') or error. */
export function ForgotPassword({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [left, setLeft] = useState(false);
  // The answer takes focus, so it is read out and the keyboard is next to it (the button is not disabled
  // while sending, which would drop focus to the page).
  const answer = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.kind === 'success' || state.kind === 'error') answer.current?.focus();
  }, [state.kind]);
  const check = v.safeParse(Email, email);
  const fieldError = (left || email) && !check.success ? check.issues[0].message : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!check.success || state.kind === 'submitting') return;
    setState({ kind: 'submitting' });
    const r = await callApi(API.forgotPassword, { email });
    setState(r.ok ? { kind: 'success', message: r.body.message } : { kind: 'error', message: serverMessageOr(r, FALLBACK) });
  };

  return (
    <form onSubmit={submit} className="forgot" aria-label="Forgot password">
      <p>Enter your email and we will send you a link to reset your password.</p>
      <div className="field">
        <label htmlFor="forgot-email">Email</label>
        <input
          id="forgot-email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setLeft(true)}
          aria-invalid={!!fieldError}
          aria-describedby={fieldError ? 'forgot-email-error' : undefined}
        />
        {fieldError && (
          <small id="forgot-email-error" className="field-error">
            {fieldError}
          </small>
        )}
      </div>
      {state.kind === 'success' && (
        <p className="notice notice-success" role="status" tabIndex={-1} ref={answer}>
          {state.message}
        </p>
      )}
      {state.kind === 'error' && (
        <p className="notice notice-error" role="alert" tabIndex={-1} ref={answer}>
          {state.message}
        </p>
      )}
      <button
        type="submit"
        className="add"
        disabled={!check.success}
        aria-disabled={state.kind === 'submitting' || undefined}
        aria-busy={state.kind === 'submitting'}
      >
        {state.kind === 'submitting' ? 'Sending…' : 'Send Reset Link'}
      </button>
    </form>
  );
}
