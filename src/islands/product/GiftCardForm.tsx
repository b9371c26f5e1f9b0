import type { GiftCardFields } from '#src/lib/product-rules.ts';
import { GIFT_MESSAGE_MAX, NAME_FIELD_MAX } from '#src/lib/schemas/limits.ts';
import { InfoModalButton } from './InfoModalButton.tsx';

interface Props {
  eGift: boolean;
  fields: GiftCardFields;
  errors: Partial<Record<keyof GiftCardFields, string>>;
  /** Errors show for a field once it has been left (or after an attempt to add). */
  shown: Partial<Record<keyof GiftCardFields, boolean>>;
  onChange: (fields: GiftCardFields) => void;
  onLeave: (field: keyof GiftCardFields) => void;
}

/** Gift card personalisation: To, From / Your name, e-gift e-mails, and a message behind a checkbox. */
export function GiftCardForm({ eGift, fields, errors, shown, onChange, onLeave }: Props) {
  const set = (key: keyof GiftCardFields, value: string | boolean) => onChange({ ...fields, [key]: value });
  const error = (key: keyof GiftCardFields) =>
    shown[key] && errors[key] ? (
      <small id={`gc-${key}-error`} className="field-error" role="alert">
        {errors[key]}
      </small>
    ) : null;
  const input = (key: 'to' | 'from' | 'email' | 'confirmEmail', label: string, type = 'text', max = NAME_FIELD_MAX) => (
    <div className="field">
      <label htmlFor={`gc-${key}`}>{label}</label>
      <input
        id={`gc-${key}`}
        type={type}
        value={fields[key]}
        maxLength={max}
        required
        aria-invalid={!!(shown[key] && errors[key])}
        aria-describedby={shown[key] && errors[key] ? `gc-${key}-error` : undefined}
        onChange={(e) => set(key, e.target.value)}
        onBlur={() => onLeave(key)}
      />
      {error(key)}
    </div>
  );
  return (
    <div className="gift">
      {input('to', 'To')}
      {input('from', eGift ? 'Your name' : 'From')}
      {eGift && input('email', 'Recipient email', 'email', 254)}
      {eGift && input('confirmEmail', 'Confirm recipient email', 'email', 254)}
      <label className="check">
        <input type="checkbox" checked={fields.withMessage} onChange={(e) => set('withMessage', e.target.checked)} /> Add a gift message
      </label>
      {fields.withMessage && (
        <div className="field">
          <label htmlFor="gc-message">Personalised message</label>
          <textarea
            id="gc-message"
            value={fields.message}
            maxLength={GIFT_MESSAGE_MAX}
            required
            aria-invalid={!!(shown.message && errors.message)}
            aria-describedby={shown.message && errors.message ? 'gc-message-count gc-message-error' : 'gc-message-count'}
            onChange={(e) => set('message', e.target.value)}
            onBlur={() => onLeave('message')}
          />
          <small id="gc-message-count" aria-live="polite">
            {fields.message.length}/{GIFT_MESSAGE_MAX}
          </small>
          {error('message')}
        </div>
      )}
      {/* Its own block: a thumb-sized target, apart from Add to Bag. */}
      <div className="gift-terms">
        <InfoModalButton label="Gift card terms" title="Gift card terms">
          <p>
            Gift cards can be used at all seven brands, online and in store, and never expire. They cannot be exchanged for cash except where the law
            requires. E-gift cards are e-mailed to the recipient the same day.
          </p>
        </InfoModalButton>
      </div>
    </div>
  );
}
