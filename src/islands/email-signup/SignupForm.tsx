import { useId, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { SignupEmail, type SignupPlace } from '#src/lib/email-signup/signup-rules.ts';
import './email-signup.css';

interface Props {
  place: SignupPlace;
  heading: string;
  /** The text under the heading: the offer, or what the e-mails hold. */
  intro: string;
  /** The address the field starts with (the order's, on the confirmation). */
  email?: string;
  className?: string;
}

/**
 * The e-mail sign-up form, the footer's and the order confirmation's (checkout spec §5, §7, §8): the field's messages
 * are the spec's and the server's too; a refusal the shopper can act on (a bad address, too many sign-ups) is shown
 * at the field, any other failure is only logged (callApi reports it as a site error event) and the button works again.
 */
export function SignupForm({ place, heading, intro, email: initial = '', className }: Props) {
  const [email, setEmail] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'sending') return;
    const parsed = v.safeParse(SignupEmail, email);
    if (!parsed.success) return refuse(parsed.issues[0].message);
    setError(null);
    setState('sending');
    const r = await callApi(API.subscribeEmail, { email: parsed.output, salesChannel: 'web', place });
    if (r.ok) return setState('done');
    setState('idle');
    if (r.status >= 400 && r.status < 500) refuse(r.message);
  };

  return (
    <section className={['signup', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      {state === 'done' ? (
        <p role="status">Thanks! {email.trim().toLowerCase()} is signed up for news and offers.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{intro}</p>
          <div className="signup-row">
            <div className="field">
              <label htmlFor={id}>E-mail address</label>
              <input
                id={id}
                ref={input}
                type="email"
                autoComplete="email"
                maxLength={254}
                value={email}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
              />
              {error && (
                <small id={`${id}-error`} className="field-error">
                  {error}
                </small>
              )}
            </div>
            <button type="submit" className="button-secondary" disabled={state === 'sending'}>
              Sign Up
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
