import { useId, useState } from 'react';
import { PASSWORD_MAX, passwordChecklist } from '#src/lib/password-rules.ts';
import './account.css';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the live '8-16 Characters', '1 Letter', '1 Number' checklist (creating or changing a password). */
  checklist?: boolean;
  autoComplete: 'current-password' | 'new-password';
  name: string;
}

/** A password input with a Show/Hide toggle and, for new passwords, the spec's live checklist. */
export function PasswordField({ label, value, onChange, checklist = false, autoComplete, name }: Props) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const checks = passwordChecklist(value);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-row">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          value={value}
          required
          maxLength={checklist ? PASSWORD_MAX : 128}
          autoComplete={autoComplete}
          aria-describedby={checklist ? `${id}-rules` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className="link" aria-controls={id} aria-pressed={visible} onClick={() => setVisible(!visible)}>
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {checklist && (
        <ul id={`${id}-rules`} className="checklist" aria-label="Password requirements">
          {checks.map((c) => (
            <li key={c.label} data-met={c.met}>
              <span aria-hidden="true">{c.met ? '✓' : '○'}</span> {c.label}
              <span className="visually-hidden">{c.met ? ' (met)' : ' (not met)'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
