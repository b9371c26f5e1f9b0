import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { Email } from '#src/lib/schemas/email.ts';

/**
 * The waitlist for a sold-out size (header spec §4, §5, §8): an e-mail field; nothing is sent while it is empty;
 * on success the alert turns from a notification into a success message. A failure is logged only and the form
 * stays as it was, so the shopper can try again.
 */
export function WaitlistForm({ skuId }: { skuId: string }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);
  // After an action focus lands on its result: the field with its message, or the confirmation (read out).
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (joined) done.current?.focus();
  }, [joined]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Nothing is sent while the e-mail is empty (spec), but the shopper is told why.
    const parsed = v.safeParse(Email, email);
    if (!parsed.success) {
      setFieldError(parsed.issues[0].message);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    const r = await callApi(API.joinWaitlist, { skuId, emailId: parsed.output });
    setBusy(false);
    if (r.ok) setJoined(parsed.output);
    else console.error('[waitlist] join failed', r.status, r.message);
  };

  if (joined) {
    return (
      <div className="waitlist">
        <p className="notice notice-success" role="status" tabIndex={-1} ref={done}>
          You're on the list. We'll email {joined} when this size is back.
        </p>
      </div>
    );
  }
  return (
    <form className="waitlist" onSubmit={submit} noValidate aria-labelledby={`waitlist-${skuId}`}>
      <p id={`waitlist-${skuId}`} className="notice notice-caution">
        This size is sold out. Join the waitlist and we'll email you when it's back.
      </p>
      <div className="field">
        <label htmlFor={`waitlist-email-${skuId}`}>Email</label>
        <input
          id={`waitlist-email-${skuId}`}
          ref={input}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          aria-invalid={!!fieldError}
          aria-describedby={fieldError ? `waitlist-error-${skuId}` : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(null);
          }}
        />
        {fieldError && (
          <small id={`waitlist-error-${skuId}`} className="field-error">
            {fieldError}
          </small>
        )}
      </div>
      <button type="submit" className="button button-secondary" aria-disabled={busy || undefined} aria-busy={busy}>
        Join Waitlist
      </button>
    </form>
  );
}
