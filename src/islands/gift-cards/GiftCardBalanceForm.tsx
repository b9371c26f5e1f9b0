import { useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { GiftCardNumberSchema, GiftCardPinSchema, type GiftCardBalance } from '#src/lib/gift-cards/gift-card-rules.ts';
import { formatCents } from '#src/lib/money.ts';
import { GIFT_CARD_PIN_LENGTH } from '#src/lib/promo-code.ts';
import './gift-cards.css';

type Shown = { kind: 'balance'; card: GiftCardBalance } | { kind: 'error'; message: string } | null;

const fieldError = (schema: typeof GiftCardNumberSchema | typeof GiftCardPinSchema, value: string) => {
  const parsed = v.safeParse(schema, value);
  return parsed.success ? null : parsed.issues[0].message;
};

/**
 * A gift card's balance from its number and PIN, on the store's balance endpoint: the same rules as the code field
 * (16 to 19 digits, a 4-digit PIN) for instant feedback, the server's answer for everything else (one message for an
 * unknown number and a wrong PIN; too many wrong tries locks the card and the client for a while).
 */
export function GiftCardBalanceForm() {
  const id = useId();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ number: string | null; pin: string | null }>({ number: null, pin: null });
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = { number: fieldError(GiftCardNumberSchema, number), pin: fieldError(GiftCardPinSchema, pin) };
    setErrors(found);
    setShown(null);
    if (found.number || found.pin) return;
    setBusy(true);
    const r = await callApi(API.giftCardBalance, { gitfCardNumber: number, giftCardPin: pin });
    setBusy(false);
    setShown(r.ok ? { kind: 'balance', card: r.body } : { kind: 'error', message: r.message });
    if (r.ok) setPin('');
  };

  return (
    <form className="gift-card-balance" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-number`}>Gift card number</label>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="off"
          value={number}
          aria-invalid={!!errors.number}
          aria-describedby={errors.number ? `${id}-number-error` : undefined}
          onChange={(e) => setNumber(e.target.value)}
        />
        {errors.number && (
          <small id={`${id}-number-error`} className="field-error">
            {errors.number}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-pin`}>PIN</label>
        <input
          id={`${id}-pin`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={GIFT_CARD_PIN_LENGTH}
          value={pin}
          aria-invalid={!!errors.pin}
          aria-describedby={errors.pin ? `${id}-pin-error` : undefined}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
        {errors.pin && (
          <small id={`${id}-pin-error`} className="field-error">
            {errors.pin}
          </small>
        )}
      </div>
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        Check balance
      </button>
      <div role="status">
        {shown?.kind === 'balance' && (
          <p className="gift-card-balance-result">
            Gift card {shown.card.maskedNumber} has <strong>{formatCents(shown.card.balance)}</strong> left.
          </p>
        )}
      </div>
      <div role="alert">{shown?.kind === 'error' && <p className="notice notice-error">{shown.message}</p>}</div>
    </form>
  );
}
