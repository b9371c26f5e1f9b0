import { useId, useState, type FormEvent } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';

/**
 * The order confirmation's e-mail sign-up (checkout spec §7). A failure is only logged (spec §8): callApi reports
 * it as a site error event, and the shopper is not interrupted; the button simply works again.
 */
export function EmailSignup({ email: orderEmail }: { email: string }) {
  const [email, setEmail] = useState(orderEmail);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setState('sending');
    const r = await callApi(API.subscribeEmail, { email, salesChannel: 'web' });
    setState(r.ok ? 'done' : 'idle');
  };

  return (
    <section className="confirm-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Get our e-mails</h2>
      {state === 'done' ? (
        <p role="status">Thanks! {email} is signed up for news and offers.</p>
      ) : (
        <form onSubmit={submit}>
          <p>New arrivals, offers and early access to sales. Unsubscribe at any time.</p>
          <div className="field">
            <label htmlFor={id}>Email</label>
            <input id={id} type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <button type="submit" className="button-secondary" disabled={state === 'sending'}>
            Sign Up
          </button>
        </form>
      )}
    </section>
  );
}
