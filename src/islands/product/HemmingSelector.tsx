import type { HemmingFamily } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { toggleHemming } from '#src/lib/product-rules.ts';
import { InfoModalButton } from './InfoModalButton.tsx';

/** Hemming options for the chosen size family; clicking the chosen inseam again clears it. */
export function HemmingSelector({ family, value, onChange }: { family: HemmingFamily; value: string | null; onChange: (v: string | null) => void }) {
  return (
    <fieldset className="attr hemming">
      <legend>
        Hemming ({formatCents(family.price)}): <strong>{value ? `${value}" inseam` : 'None'}</strong>
      </legend>
      <div className="attr-values">
        {family.options.map((o) => (
          <button key={o.id} type="button" className="chip" aria-pressed={value === o.value} onClick={() => onChange(toggleHemming(value, o.value))}>
            {o.displayValue}
          </button>
        ))}
      </div>
      <p className="note">{family.message}</p>
      <InfoModalButton label="Hemming Details" title="Hemming Details">
        <p>
          We hem to the inseam you choose before we ship, for {formatCents(family.price)} per item. Hemmed items ship by Regular delivery and cannot
          be returned unless faulty.
        </p>
        <p>Measure the inside leg of a pair that fits you well, from crotch seam to hem.</p>
      </InfoModalButton>
    </fieldset>
  );
}
