import { useEffect, useState, type FormEvent } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { isValidPassword } from '#src/lib/password-rules.ts';
import { PasswordField } from './PasswordField.tsx';
import { goAfterSignIn } from './after-sign-in.ts';
import './account.css';

/** Choose a new password from an e-mailed link (the token is in the page's query). */
export function ResetPasswordForm() {
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isValidPassword(password) || busy) return;
    setBusy(true);
    setError(null);
    const r = await callApi(API.resetPassword, { token, password });
    if (r.ok) return goAfterSignIn(r.body, '/my-account');
    setBusy(false);
    setError(r.message);
  };

  return (
    <form onSubmit={submit} className="account-panel" aria-label="Choose a new password">
      <PasswordField label="New Password" name="new-password" autoComplete="new-password" checklist value={password} onChange={setPassword} />
      {error && (
        <p className="notice notice-error" role="alert">
          {error} <a href="/register">Back to sign in</a>
        </p>
      )}
      <button type="submit" className="add" disabled={!isValidPassword(password) || busy || !token} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save New Password'}
      </button>
    </form>
  );
}
