import { useState } from 'react';
import * as v from 'valibot';
import { CONSENT_LABEL } from '#src/lib/store-card-offer/offer-messages.ts';
import { type GuestPreScreenData, PlccDataSchema } from '#src/lib/store-card-offer/offer-rules.ts';
import { applyForCard } from '#src/lib/stores/store-card-offer.ts';

interface Props {
  offerId: string;
  phone: string;
  /** A guest's pre-screened name and address (shown); a signed-in shopper's is their shipping address. */
  applicant: GuestPreScreenData | null;
  onDone(): void;
}

type Field = 'phone' | 'birthDate' | 'ssnLast4' | 'consent';
const FIELD_IDS: Record<Field, string> = { phone: 'plcc-phone', birthDate: 'plcc-birth-date', ssnLast4: 'plcc-ssn', consent: 'plcc-consent' };

/**
 * The application on the offer: the pre-screened name and address as they are, and what only the applicant can
 * give (a mobile phone, the date of birth, the last four of the SSN, consent). Checked with the server's schema on
 * submit; nothing of it is kept in the browser after the call.
 */
export function StoreCardApplication({ offerId, phone: knownPhone, applicant, onDone }: Props) {
  const [phone, setPhone] = useState(knownPhone);
  const [birthDate, setBirthDate] = useState('');
  const [ssnLast4, setSsnLast4] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const input = { offerId, phone, birthDate, ssnLast4, consent };
    const checked = v.safeParse(PlccDataSchema, input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.issues) {
        const key = issue.path?.[0]?.key as Field | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      // After the errors render, the first field that has one takes focus.
      const first = (['phone', 'birthDate', 'ssnLast4', 'consent'] as const).find((f) => found[f]);
      requestAnimationFrame(() => document.getElementById(FIELD_IDS[first ?? 'phone'])?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await applyForCard({ ...input, consent: true });
    setBusy(false);
    if (!r.ok) return setFailure(r.message);
    onDone();
  };
  const describedBy = (field: Field) => (errors[field] ? `${FIELD_IDS[field]}-error` : undefined);
  const error = (field: Field) =>
    errors[field] && (
      <small id={`${FIELD_IDS[field]}-error`} className="field-error">
        {errors[field]}
      </small>
    );

  return (
    <form
      className="store-card-application"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        e.stopPropagation();
        void submit();
      }}
    >
      {applicant && (
        <p>
          Applying as {applicant.firstName} {applicant.lastName}, {applicant.address1}, {applicant.city}, {applicant.stateCode} {applicant.postalCode}
          .
        </p>
      )}
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <div className="field">
        <label htmlFor="plcc-phone">Mobile phone</label>
        <input
          id="plcc-phone"
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          value={phone}
          aria-invalid={!!errors.phone}
          aria-describedby={describedBy('phone')}
          onChange={(e) => setPhone(e.target.value)}
        />
        {error('phone')}
      </div>
      <div className="field">
        <label htmlFor="plcc-birth-date">Date of birth (MM/DD/YYYY)</label>
        <input
          id="plcc-birth-date"
          autoComplete="bday"
          inputMode="numeric"
          value={birthDate}
          aria-invalid={!!errors.birthDate}
          aria-describedby={describedBy('birthDate')}
          onChange={(e) => setBirthDate(e.target.value)}
        />
        {error('birthDate')}
      </div>
      <div className="field">
        <label htmlFor="plcc-ssn">Last 4 digits of your Social Security number</label>
        <input
          id="plcc-ssn"
          autoComplete="off"
          inputMode="numeric"
          maxLength={4}
          value={ssnLast4}
          aria-invalid={!!errors.ssnLast4}
          aria-describedby={describedBy('ssnLast4')}
          onChange={(e) => setSsnLast4(e.target.value)}
        />
        {error('ssnLast4')}
      </div>
      <label className="checkbox">
        <input
          id="plcc-consent"
          type="checkbox"
          checked={consent}
          aria-invalid={!!errors.consent}
          aria-describedby={describedBy('consent')}
          onChange={(e) => setConsent(e.target.checked)}
        />
        {CONSENT_LABEL}
      </label>
      {error('consent')}
      <div className="store-card-offer-actions">
        <button type="submit" className="add" disabled={busy} aria-busy={busy}>
          Submit Application
        </button>
      </div>
    </form>
  );
}
