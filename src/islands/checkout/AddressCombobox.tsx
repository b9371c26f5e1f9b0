import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { CHECKOUT_TIMERS } from '#src/lib/constants.ts';
import { type AddressSuggestion, type NearPlace, SUGGEST_MIN_CHARS, selectedParam, suggestionLabel } from '#src/lib/checkout/address-suggestions.ts';

export const ENTER_MANUALLY = 'Enter Address Manually';

interface Props {
  id: string;
  label: string;
  value: string;
  /** The field's own attributes (aria-invalid, aria-describedby, autocomplete). */
  inputProps: React.InputHTMLAttributes<HTMLInputElement>;
  enabled: boolean;
  /** The place the form already names: a street typed alone is completed with it. */
  near: NearPlace;
  onType(next: string): void;
  onBlur(): void;
  onChoose(suggestion: AddressSuggestion): void;
}

/**
 * The Address field with suggestions (product spec §4): from 3 characters, asked for once typing pauses, shown as
 * an ARIA 1.2 combobox (a listbox; arrow keys move, Enter chooses, Escape closes). An entry standing for several
 * sub-addresses is expanded in place; 'Enter Address Manually' closes the list and stops suggesting. When nothing
 * is found and the service says what would find it (a street alone needs its city), that is said under the field.
 */
export function AddressCombobox({ id, label, value, inputProps, enabled, near, onType, onBlur, onChoose }: Props) {
  const [options, setOptions] = useState<AddressSuggestion[]>([]);
  const [hint, setHint] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [manual, setManual] = useState(false);
  const typed = useRef(false);
  const request = useRef(0);
  const listId = `${id}-suggestions`;
  const count = options.length + 1; // the suggestions and 'Enter Address Manually'

  const ask = async (payload: { address: string; selected?: string; near?: NearPlace }) => {
    const mine = ++request.current;
    const r = await callApi(API.lookUpAddress, payload);
    // A reply to an older search is dropped; a failed one means no suggestions (the call reports it).
    if (mine !== request.current) return;
    const found = r.ok ? r.body.suggestions : [];
    setOptions(found);
    setHint(r.ok && found.length === 0 ? (r.body.hint ?? null) : null);
    setActive(-1);
    setOpen(found.length > 0);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again only when the typed text changes
  useEffect(() => {
    if (!enabled || manual || !typed.current) return;
    if (value.trim().length < SUGGEST_MIN_CHARS) {
      request.current++;
      setOpen(false);
      setHint(null);
      return;
    }
    const search = Object.keys(near).length > 0 ? { address: value, near } : { address: value };
    const timer = setTimeout(() => void ask(search), CHECKOUT_TIMERS.ADDRESS_AUTOFILL_MS);
    return () => clearTimeout(timer);
  }, [value, enabled, manual]);

  const choose = (index: number) => {
    if (index === options.length) {
      setManual(true);
      setOpen(false);
      setHint(null);
      return;
    }
    const chosen = options[index];
    if (!chosen) return;
    if (chosen.entries > 1) {
      void ask({ address: value, selected: selectedParam(chosen) });
      return;
    }
    typed.current = false;
    setOpen(false);
    setHint(null);
    onChoose(chosen);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!open && options.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 && step < 0 ? count - 1 : (i + step + count) % count));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${listId}-${i}`;
  const onChange = (e: React.ChangeEvent<HTMLInputElement>) => {
    typed.current = true;
    onType(e.target.value);
  };
  if (!enabled) {
    return (
      <div className="combobox">
        <label htmlFor={id}>{label}</label>
        <input {...inputProps} id={id} type="text" value={value} onChange={onChange} onBlur={onBlur} />
      </div>
    );
  }
  return (
    <div className="combobox">
      <label htmlFor={id}>{label}</label>
      <input
        {...inputProps}
        id={id}
        type="text"
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-describedby={[inputProps['aria-describedby'], hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setHint(null);
          onBlur();
        }}
      />
      {hint && (
        <small id={`${id}-hint`} className="field-hint" role="status">
          {hint}
        </small>
      )}
      <div id={listId} role="listbox" aria-label={`${label} suggestions`} className="combobox-list" hidden={!open}>
        {[...options.map(suggestionLabel), ENTER_MANUALLY].map((text, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the combobox (aria-activedescendant)
          <div
            key={optionId(i)}
            id={optionId(i)}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={i === options.length ? 'combobox-option combobox-manual' : 'combobox-option'}
            // Keeps focus in the field, so choosing with the mouse does not blur it first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(i)}
          >
            {text}
          </div>
        ))}
      </div>
    </div>
  );
}
