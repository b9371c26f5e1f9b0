import { cardFieldsBlurred, cardFieldsFocused } from './agent-recording.ts';
import { useStore } from '@nanostores/react';
import type { InputHTMLAttributes, KeyboardEvent } from 'react';
import type { CardEntryField } from '../../lib/checkout/card-entry.ts';
import {
  CARD_HOLDER_MAX,
  cardNumberMaxLength,
  EXPIRY_MAX,
  isAllowedCardNumberKey,
  securityCodeLength,
  showExpiryAndCvv,
} from '../../lib/checkout/card-rules.ts';
import { $cardEntry, $cardKind, $cardTouched, cardEntryErrors, setCardField, setSaveCard, touchCardField } from '../../lib/stores/checkout-card.ts';

export interface CardFormProps {
  signedIn: boolean;
  /** Set by the checkout after a failed submit: every field's error shows at once. */
  showErrors: boolean;
}

const LABELS: Record<CardEntryField, string> = {
  holder: 'Name on Card',
  number: 'Card Number',
  expiry: 'Expiration Date MM/YY',
  securityCode: 'Security Code',
};
const IDS: Record<CardEntryField, string> = { holder: 'card-holder', number: 'card-number', expiry: 'card-expiry', securityCode: 'card-code' };

/**
 * The new-card fields (checkout spec §4 "Card form", §5): the number formats as typed and only takes digits,
 * expiry and security code hide for a store card, each error shows under its field once the field is left (all
 * at once after a failed submit). What is typed lives only in the $cardEntry store, in memory.
 */
export function CardForm({ signedIn, showErrors }: CardFormProps) {
  const entry = useStore($cardEntry);
  const kind = useStore($cardKind);
  const touched = useStore($cardTouched);
  const errors = cardEntryErrors();
  const shownError = (field: CardEntryField) => (showErrors || touched.has(field) ? errors[field] : undefined);

  const field = (name: CardEntryField, attributes: InputHTMLAttributes<HTMLInputElement>) => {
    const error = shownError(name);
    const id = IDS[name];
    return (
      <div className="field">
        <label htmlFor={id}>{LABELS[name]}</label>
        <input
          id={id}
          name={id}
          type="text"
          required
          value={entry[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={[name === 'number' && kind.type ? 'card-type' : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          onChange={(e) => setCardField(name, e.target.value)}
          onBlur={() => touchCardField(name)}
          {...attributes}
        />
        {name === 'number' && kind.type && (
          <small id="card-type" className="card-type">
            {kind.type}
          </small>
        )}
        {error && (
          <small id={`${id}-error`} className="field-error" role="alert">
            {error}
          </small>
        )}
      </div>
    );
  };

  const blockKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!isAllowedCardNumberKey(e)) e.preventDefault();
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: focus entering and leaving the card fields, heard where it bubbles.
    <fieldset className="card-form" onFocus={cardFieldsFocused} onBlur={cardFieldsBlurred}>
      <legend className="visually-hidden">Card details</legend>
      {field('holder', { autoComplete: 'cc-name', maxLength: CARD_HOLDER_MAX })}
      {field('number', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: cardNumberMaxLength(kind), onKeyDown: blockKey })}
      {showExpiryAndCvv(entry.number) && (
        <>
          {field('expiry', { autoComplete: 'cc-exp', inputMode: 'numeric', maxLength: EXPIRY_MAX, placeholder: 'MM/YY' })}
          {field('securityCode', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: securityCodeLength(kind) })}
        </>
      )}
      {signedIn && (
        <label className="checkbox">
          <input type="checkbox" name="save_credit_card" checked={entry.saveCard} onChange={(e) => setSaveCard(e.target.checked)} /> Save this card to
          my account
        </label>
      )}
    </fieldset>
  );
}
