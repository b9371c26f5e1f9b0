import type { SavedAddressView } from '#src/lib/checkout/checkout-types.ts';
import { addressLines } from '#src/lib/checkout/address-lines.ts';

interface Props {
  addresses: SavedAddressView[];
  /** The saved address chosen, or null for a new one. */
  selected: string | null;
  onSelect(addressId: string | null): void;
}

/** A signed-in shopper's saved addresses; an incomplete one is shown disabled (checkout spec §5 "Saved addresses"). */
export function SavedAddresses({ addresses, selected, onSelect }: Props) {
  return (
    <fieldset className="checkout-fieldset saved-addresses">
      <legend>Ship to a saved address</legend>
      {addresses.map((a) => (
        <label key={a.addressId} className={a.incomplete ? 'saved-option disabled' : 'saved-option'}>
          <input
            type="radio"
            name="saved-address"
            checked={selected === a.addressId}
            disabled={a.incomplete}
            onChange={() => onSelect(a.addressId)}
          />
          <span>
            {addressLines(a.address)
              .filter(Boolean)
              .map((line) => (
                <span key={line} className="saved-line">
                  {line}
                </span>
              ))}
            {a.preferred && <span className="badge">Default</span>}
            {a.incomplete && <span className="saved-incomplete">Incomplete: add the missing details as a new address</span>}
          </span>
        </label>
      ))}
      <label className="saved-option">
        <input type="radio" name="saved-address" checked={selected === null} onChange={() => onSelect(null)} />
        <span>Add a new address</span>
      </label>
    </fieldset>
  );
}
