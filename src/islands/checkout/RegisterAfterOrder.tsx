import { useId, useState, type FormEvent } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { isValidPassword } from '#src/lib/password-rules.ts';
import { PasswordField } from '../account/PasswordField.tsx';

/**
 * 'Create an account' after a guest order (checkout spec §7 register-user): the order's e-mail and a password
 * with the live checklist; the new account gets this order and is signed in.
 */
export function RegisterAfterOrder({ email, orderId }: { email: string; orderId: string }) {
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'done' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidPassword(password)) return;
    setState({ kind: 'sending' });
    const r = await callApi(API.registerAfterOrder, { email, password, orderId });
    setState(r.ok ? { kind: 'done' } : { kind: 'error', message: r.message });
  };

  if (state.kind === 'done') {
    return (
      <section className="confirm-panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Your account has been created</h2>
        <p role="status">
          This order is saved to your account. <a href="/my-account">Go to My Account</a>
        </p>
      </section>
    );
  }
  return (
    <section className="confirm-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Create an account</h2>
      <p>Track this order and check out faster next time. Your account will use {email}.</p>
      <form onSubmit={submit}>
        <PasswordField label="Password" name="password" value={password} onChange={setPassword} checklist autoComplete="new-password" />
        {state.kind === 'error' && (
          <p role="alert" className="notice notice-error">
            {state.message}
          </p>
        )}
        <button type="submit" className="button" disabled={state.kind === 'sending' || !isValidPassword(password)}>
          Create Account
        </button>
      </form>
    </section>
  );
}
