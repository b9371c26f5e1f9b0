import type { ProductView, VariationAttribute } from '#src/lib/commerce-types.ts';
import { existingValues, isValueAvailable, type Selections } from '#src/lib/selection.ts';

interface Props {
  attr: VariationAttribute;
  product: ProductView;
  sel: Selections;
  onPick: (attrId: string, value: string) => void;
  /** Colour swatches only: hover or focus previews the colour in the gallery; leaving clears it. */
  onPreview?: (colorId: string | undefined) => void;
  /** A waitlisted product lets a sold-out value be chosen (still marked out of stock) to join its waitlist. */
  selectableWhenOut?: boolean;
  /** Colour swatches of a clearance or final-sale group are described by its callout, `{groupIdBase}-{type}`. */
  groupIdBase?: string;
}

/** One attribute's choices: colour swatches or size chips; unavailable values are marked out of stock. */
export function AttributeSelector({ attr, product, sel, onPick, onPreview, selectableWhenOut = false, groupIdBase }: Props) {
  const isColor = attr.id === 'color';
  const chosen = attr.values.find((v) => v.id === sel[attr.id]);
  const groupOf = (colorId: string) =>
    isColor ? product.colorGroups.find((g) => g.messages.colorGroupCallout && g.colors.includes(colorId)) : undefined;
  const chosenGroup = chosen ? groupOf(chosen.id) : undefined;
  const exists = isColor ? null : existingValues(product, sel, attr.id);
  return (
    <fieldset className="attr">
      <legend>
        {attr.name}: <strong>{chosen?.name ?? 'Select'}</strong>
        {chosenGroup && <span className="attr-group"> · {chosenGroup.messages.colorGroupCallout}</span>}
      </legend>
      <div className="attr-values">
        {attr.values
          .filter((value) => !exists || exists.has(value.id))
          .map((value) => {
            const available = isValueAvailable(product, sel, attr.id, value.id);
            const group = groupOf(value.id);
            // A sold-out value stays choosable on a waitlisted product (to join the waitlist) but still looks sold out.
            const kind = isColor ? `swatch${group ? ` swatch-${group.type}` : ''}` : 'chip';
            return (
              <button
                key={value.id}
                type="button"
                className={available ? kind : `${kind} out-of-stock`}
                aria-describedby={group && groupIdBase ? `${groupIdBase}-${group.type}` : undefined}
                style={isColor && value.swatch ? { background: value.swatch } : undefined}
                aria-pressed={sel[attr.id] === value.id}
                aria-disabled={!available && !selectableWhenOut}
                aria-label={`${value.name}${available ? '' : ' (out of stock)'}`}
                title={value.name}
                onClick={() => (available || selectableWhenOut) && onPick(attr.id, value.id)}
                onMouseEnter={isColor ? () => onPreview?.(value.id) : undefined}
                onMouseLeave={isColor ? () => onPreview?.(undefined) : undefined}
                onFocus={isColor ? () => onPreview?.(value.id) : undefined}
                onBlur={isColor ? () => onPreview?.(undefined) : undefined}
              >
                {isColor ? '' : value.name}
              </button>
            );
          })}
      </div>
    </fieldset>
  );
}
