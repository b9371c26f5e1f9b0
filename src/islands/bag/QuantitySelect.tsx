import { useRef, useState, type KeyboardEvent } from 'react';

interface Props {
  value: number;
  options: { value: number; disabled: boolean }[];
  /** While the line is being saved: changes are ignored, but the control keeps focus (never `disabled`). */
  busy: boolean;
  onCommit: (quantity: number) => void;
}

const BROWSE_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A line's quantity. A closed select changes at once on an arrow key, so a keyboard could never pass 2 on the
 * way from 1 to 3: a change that follows an arrow key is only a draft, sent on Enter or on leaving the control.
 * A pick with the mouse or a phone's picker is sent at once.
 */
export function QuantitySelect({ value, options, busy, onCommit }: Props) {
  const [draft, setDraft] = useState<number | null>(null);
  const browsing = useRef(false);
  const commit = () => {
    if (draft !== null && draft !== value && !busy) onCommit(draft);
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>) => {
    browsing.current = BROWSE_KEYS.has(e.key) || (e.key.length === 1 && e.key !== ' ');
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  return (
    <label className="qty-select">
      Quantity
      <select
        value={draft ?? value}
        aria-disabled={busy}
        onKeyDown={onKeyDown}
        onPointerDown={() => {
          browsing.current = false;
        }}
        onBlur={commit}
        onChange={(e) => {
          const next = Number(e.target.value);
          if (busy) return;
          if (browsing.current) setDraft(next);
          else {
            setDraft(null);
            onCommit(next);
          }
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.value}
          </option>
        ))}
      </select>
    </label>
  );
}
