import { useEffect, useRef, useState } from 'react';
import { CHECKOUT_TIMERS } from '#src/lib/constants.ts';
import {
  type AddressDraft,
  type AddressField,
  addressFieldErrors,
  collapseSpaces,
  formatPhoneInput,
  phoneDigits,
} from '#src/lib/checkout/address-rules.ts';
import { type AddressSuggestion, applySuggestion, type NearPlace, nearPlaceOf } from '#src/lib/checkout/address-suggestions.ts';
import { US_STATES } from '#src/lib/us-states.ts';
import { AddressCombobox } from './AddressCombobox.tsx';

export interface AddressFormProps {
  idPrefix: string;
  legend: string;
  /** The step's heading or an enclosing group already says what this address is: the legend is for screen readers only. */
  legendHidden?: boolean;
  value: AddressDraft;
  onChange(next: AddressDraft): void;
  /** Every field's error at once (after a submit), not only those of the fields left. */
  showAllErrors: boolean;
  suggestionsEnabled: boolean;
  /** Where the shopper is known to be when the form names no place yet (the billing form: the shipping address). */
  knownPlace?: NearPlace | null;
  /** A field the server refused with this value (PayPal's address the bag cannot ship to): shown until it changes. */
  refused?: { field: AddressField; message: string; value: string } | null;
}

type Visible = Exclude<AddressField, 'countryCode'>;
export const FIELDS: { field: Visible; label: string; autoComplete: string; type?: string; inputMode?: 'numeric' | 'tel' }[] = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'address1', label: 'Address', autoComplete: 'address-line1' },
  { field: 'address2', label: 'Apt, Suite, Unit (optional)', autoComplete: 'address-line2' },
  { field: 'company', label: 'Company (optional)', autoComplete: 'organization' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
  { field: 'stateCode', label: 'State', autoComplete: 'address-level1' },
  { field: 'postalCode', label: 'ZIP Code', autoComplete: 'postal-code', inputMode: 'numeric' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
];
const LABELS = Object.fromEntries(FIELDS.map((f) => [f.field, f.label])) as Record<Visible, string>;

/**
 * A shipping or billing address (product spec §5): each field checked a moment after it is left, every field's
 * error at once when `showAllErrors`, each error tied to its field and their number announced; the phone formatted
 * as it is typed; suggestions on the Address field. The value is the parent's (a draft it keeps per basket).
 */
export function AddressForm({
  idPrefix,
  legend,
  legendHidden = false,
  value,
  onChange,
  showAllErrors,
  suggestionsEnabled,
  knownPlace,
  refused = null,
}: AddressFormProps) {
  const [left, setLeft] = useState<ReadonlySet<Visible>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (ms: number, fields: Visible[]) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setLeft((prev) => new Set([...prev, ...fields]));
    }, ms);
    timers.current.add(timer);
  };

  const errors = addressFieldErrors(value);
  const stillRefused = refused && refused.field !== 'countryCode' && value[refused.field] === refused.value ? refused.field : null;
  if (stillRefused && refused && !errors[stillRefused]) errors[stillRefused] = refused.message;
  const shown = FIELDS.filter(({ field }) => errors[field] && (showAllErrors || left.has(field) || field === stillRefused));
  const set = (field: Visible, next: string) => onChange({ ...value, [field]: next });

  const typePhone = (raw: string) => {
    // Deleting a separator alone would be put back by the formatting: it takes the digit before it instead.
    const removedSeparator = raw.length < value.phone.length && phoneDigits(raw) === phoneDigits(value.phone);
    set('phone', formatPhoneInput(removedSeparator ? phoneDigits(raw).slice(0, -1) : raw));
  };
  const leave = (field: Visible) => {
    // Spaces are removed on leaving a field (trimmed, runs collapsed); the state is shown upper-case.
    const tidy = collapseSpaces(value[field]);
    const next = field === 'stateCode' ? tidy.toUpperCase() : tidy;
    if (next !== value[field]) set(field, next);
    later(CHECKOUT_TIMERS.BLUR_VALIDATION_MS, [field]);
  };
  const choose = (s: AddressSuggestion) => {
    const next = applySuggestion(value, s);
    onChange(next);
    // The filled fields are checked once the fill has settled (browser autofill may still be writing).
    const filled = (['address1', 'address2', 'city', 'stateCode', 'postalCode'] as const).filter((f) => next[f] !== '');
    later(CHECKOUT_TIMERS.ADDRESS_AUTOFILL_SETTLE_MS, filled);
  };

  const idOf = (field: Visible) => `${idPrefix}-${field}`;
  const fieldProps = (field: Visible, autoComplete: string) => {
    const error = shown.some((f) => f.field === field) ? errors[field] : undefined;
    return {
      name: field,
      autoComplete,
      'aria-invalid': !!error,
      'aria-describedby': error ? `${idOf(field)}-error` : undefined,
      required: field !== 'address2' && field !== 'company',
    };
  };
  const errorOf = (field: Visible) =>
    shown.some((f) => f.field === field) && (
      <small id={`${idOf(field)}-error`} className="field-error">
        {errors[field]}
      </small>
    );

  return (
    <fieldset className="address-form">
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {FIELDS.map(({ field, label, autoComplete, type, inputMode }) => (
        <div className="field" key={field}>
          {field === 'address1' ? (
            <AddressCombobox
              id={idOf(field)}
              label={label}
              value={value.address1}
              inputProps={fieldProps(field, autoComplete)}
              enabled={suggestionsEnabled}
              near={nearPlaceOf(value, knownPlace)}
              onType={(next) => set('address1', next)}
              onBlur={() => leave('address1')}
              onChoose={choose}
            />
          ) : field === 'stateCode' ? (
            <>
              <label htmlFor={idOf(field)}>{label}</label>
              <select
                id={idOf(field)}
                {...fieldProps(field, autoComplete)}
                value={value.stateCode}
                onChange={(e) => set(field, e.target.value)}
                onBlur={() => leave(field)}
              >
                <option value="">Select a state</option>
                {Object.entries(US_STATES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <>
              <label htmlFor={idOf(field)}>{label}</label>
              <input
                id={idOf(field)}
                type={type ?? 'text'}
                inputMode={inputMode}
                {...fieldProps(field, autoComplete)}
                value={value[field]}
                onChange={(e) => (field === 'phone' ? typePhone(e.target.value) : set(field, e.target.value))}
                onBlur={() => leave(field)}
              />
            </>
          )}
          {errorOf(field)}
        </div>
      ))}
      <p className="visually-hidden" aria-live="polite" id={`${idPrefix}-error-count`}>
        {shown.length === 0
          ? ''
          : `${legend}: ${shown.length} ${shown.length === 1 ? 'field needs' : 'fields need'} attention: ${shown.map((f) => LABELS[f.field]).join(', ')}.`}
      </p>
    </fieldset>
  );
}
