import { useId, useState } from 'react';
import { PERKS_TERMS, PERKS_TERMS_REQUIRED } from '#src/lib/perks/perks-texts.ts';
import { Modal } from '../ui/Modal.tsx';

/**
 * The join modal's terms box (checkout spec §5 "Loyalty terms"): ticked by default; unticked, it says at once why
 * the join cannot go on. The Terms and Conditions open in a modal of their own, over the join modal, and focus comes
 * back to their button.
 */
export function PerksTerms({ accepted, onChange }: { accepted: boolean; onChange: (accepted: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="field perks-terms">
      <label className="check">
        <input
          id={`${id}-box`}
          type="checkbox"
          checked={accepted}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={!accepted}
          aria-describedby={accepted ? undefined : `${id}-error`}
        />{' '}
        I accept the Terms and Conditions
      </label>{' '}
      <button type="button" className="link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Terms and Conditions
      </button>
      {!accepted && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {PERKS_TERMS_REQUIRED}
        </small>
      )}
      <Modal open={open} title="Terms and Conditions" size="medium" onClose={() => setOpen(false)}>
        <ul className="perks-terms-list">
          {PERKS_TERMS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
