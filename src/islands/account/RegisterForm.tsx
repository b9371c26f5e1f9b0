import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { RegisterSchema } from '#src/lib/schemas/account.ts';
import { PasswordField } from './PasswordField.tsx';
import { goAfterSignIn } from './after-sign-in.ts';
import './account.css';

type Fields = { firstName: string; lastName: string; email: string; password: string };

/** Create Account: names, e-mail, password with the live checklist. Typed values survive a failed submit. */
export function RegisterForm() {
  const [fields, setFields] = useState<Fields>({ firstName: '', lastName: '', email: '', password: '' });
  const [keep, setKeep] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof Fields, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const result = v.safeParse(RegisterSchema, { ...fields, keepMeSignedIn: keep });
  const fieldError = (name: keyof Fields) =>
    touched[name] && !result.success ? result.issues.find((i) => i.path?.[0]?.key === name)?.message : undefined;
  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const blur = (name: keyof Fields) => () => {
    setTouched((t) => ({ ...t, [name]: true }));
    // Spaces are removed from names on blur (the spec's form rule).
    if (name === 'firstName' || name === 'lastName') setFields((f) => ({ ...f, [name]: f[name].trim() }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!result.success || busy) return;
    setBusy(true);
    setError(null);
    const r = await callApi(API.register, { ...fields, keepMeSignedIn: keep });
    if (r.ok) return goAfterSignIn(r.body, '/my-account');
    setBusy(false);
    setError(r.message);
  };

  const text = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text', autoComplete = 'off') => (
    <div className="field">
      <label htmlFor={`reg-${name}`}>{label}</label>
      <input
        id={`reg-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={fields[name]}
        aria-invalid={!!fieldError(name)}
        aria-describedby={fieldError(name) ? `reg-${name}-error` : undefined}
        onChange={(e) => set(name)(e.target.value)}
        onBlur={blur(name)}
      />
      {fieldError(name) && (
        <small id={`reg-${name}-error`} className="field-error">
          {fieldError(name)}
        </small>
      )}
    </div>
  );

  return (
    <section aria-labelledby="register-heading" className="account-panel">
      <h2 id="register-heading">Create Account</h2>
      <form onSubmit={submit}>
        {text('firstName', 'First Name', 'text', 'given-name')}
        {text('lastName', 'Last Name', 'text', 'family-name')}
        {text('email', 'Email', 'email', 'email')}
        <PasswordField
          label="Create Password"
          name="new-password"
          autoComplete="new-password"
          checklist
          value={fields.password}
          onChange={set('password')}
        />
        <label className="check">
          <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} /> Keep me signed in
        </label>
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="add" disabled={!result.success || busy} aria-busy={busy}>
          {busy ? 'Creating your account…' : 'Create Account'}
        </button>
      </form>
    </section>
  );
}
