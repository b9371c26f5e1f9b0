import { useState } from 'react';
import type { BasketView, ShippingMethodView } from '#src/lib/commerce-types.ts';
import { ecoshipCheckboxLabel } from '#src/lib/checkout/shipping-extras.ts';
import { formatCents } from '#src/lib/money.ts';
import { chooseEcoship } from '#src/lib/stores/checkout-shipping-extras.ts';
import { PackageProtection } from '../protection/PackageProtection.tsx';

/** Under a shipping method: the fees this bag adds to it (gift card fee, heavy items) and the perks sign-up line. */
export function MethodDetails({ method }: { method: ShippingMethodView }) {
  const surcharges = method.productSurcharges ?? [];
  if (surcharges.length === 0 && !method.shipPerksSignUpMsg) return null;
  return (
    <span className="shipping-method-details">
      {surcharges.map((s) => (
        <small key={s.itemText}>
          {s.itemText}: +{formatCents(s.price)}
        </small>
      ))}
      {method.shipPerksSignUpMsg && <small className="shipping-method-perks">{method.shipPerksSignUpMsg}</small>}
    </span>
  );
}

/**
 * EcoShip and package protection on the shipping step (protection: src/islands/protection/, which the bag page shows
 * too); both are shown only when they apply: EcoShip for a bag that ships by Regular, protection when its fee is
 * above 0.
 */
export function ShippingOptions({ basket, onError }: { basket: BasketView; onError(message: string): void }) {
  const [busy, setBusy] = useState(false);
  // What the shopper just asked for, shown until the server answers (then the bag says what holds).
  const [asked, setAsked] = useState<boolean | undefined>(undefined);
  const protection = basket.c_packageProtection ?? { fee: 0, isApplied: false };
  const eco = basket.c_ecoship;

  // Not disabled while a call runs (a disabled box would drop keyboard focus): a change waits for the answer instead.
  const choose = async (selected: boolean) => {
    if (busy) return;
    setBusy(true);
    setAsked(selected);
    const r = await chooseEcoship(selected);
    setBusy(false);
    setAsked(undefined);
    if (!r.ok) onError(r.message);
  };

  if (protection.fee <= 0 && !eco?.isEcoshipApplicable) return null;
  return (
    <fieldset className="checkout-fieldset shipping-options" aria-busy={busy}>
      <legend className="visually-hidden">Shipping options</legend>
      {eco?.isEcoshipApplicable && (
        <label className="checkbox">
          <input type="checkbox" checked={asked ?? basket.c_isEcoShip ?? false} onChange={(e) => void choose(e.target.checked)} />
          {ecoshipCheckboxLabel(eco.ecoshipDisplayDate)}
        </label>
      )}
      <PackageProtection basket={basket} onError={onError} />
    </fieldset>
  );
}
