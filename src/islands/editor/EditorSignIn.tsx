import { type FormEvent, useId, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import './editor.css';

interface Props {
  /** With a one-time link's token: choose the password (and sign in) instead of signing in. */
  token?: string | undefined;
}

/** The editors' sign-in (their own account, never a shopper's), or choosing a password from a one-time link. */
export function EditorSignIn({ token }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const r = token ? await callApi(API.editorSetPassword, { token, password }) : await callApi(API.editorSignIn, { email, password });
    setBusy(false);
    if (!r.ok) return setError(r.message);
    window.location.assign('/editor');
  };
  return (
    <form className="editor-sign-in" onSubmit={submit} noValidate>
      {!token && (
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-password`}>{token ? 'New password' : 'Password'}</label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete={token ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        {token && <p className="hint">8-16 characters with at least one letter and one number.</p>}
      </div>
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {token ? 'Set password and sign in' : 'Sign in'}
      </button>
    </form>
  );
}
