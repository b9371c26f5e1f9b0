import { useEffect, useId, useRef, useState } from 'react';
import type { BasketView, ShippingMethodView } from '#src/lib/commerce-types.ts';
import { ecoshipCheckboxLabel, PACKAGE_PROTECTION_EXPLANATION, protectionCheckboxLabel } from '#src/lib/checkout/shipping-extras.ts';
import { formatCents } from '#src/lib/money.ts';
import { chooseEcoship, routePackageProtection } from '#src/lib/stores/checkout-shipping-extras.ts';

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
 * EcoShip and package protection on the shipping step, and protection alone on the bag page (ecoship false).
 * Protection is auto-applied on first showing it (the server adds it only while the shopper has never chosen, so a
 * removal sticks): the bag's total is then the one the checkout charges. Both are shown only when they apply: EcoShip
 * for a bag that ships by Regular, protection when its fee is above 0.
 */
export function ShippingOptions({ basket, onError, ecoship = true }: { basket: BasketView; onError(message: string): void; ecoship?: boolean }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // What the shopper just asked for, shown until the server answers (then the bag says what holds).
  const [asked, setAsked] = useState<{ ecoship?: boolean; protection?: boolean }>({});
  const protection = basket.c_packageProtection ?? { fee: 0, isApplied: false };
  const eco = ecoship ? basket.c_ecoship : undefined;
  const autoApplied = useRef(false);

  useEffect(() => {
    if (autoApplied.current || protection.fee <= 0 || protection.isApplied) return;
    autoApplied.current = true;
    // A failure is reported by the call (a site error event) and changes nothing: no alert for what the shopper did not ask.
    void routePackageProtection('autoapply');
  }, [protection.fee, protection.isApplied]);

  // Not disabled while a call runs (a disabled box would drop keyboard focus): a change waits for the answer instead.
  const run = async (want: typeof asked, call: () => ReturnType<typeof routePackageProtection>) => {
    if (busy) return;
    setBusy(true);
    setAsked(want);
    const r = await call();
    setBusy(false);
    setAsked({});
    if (!r.ok) onError(r.message);
  };

  if (protection.fee <= 0 && !eco?.isEcoshipApplicable) return null;
  return (
    <fieldset className="checkout-fieldset shipping-options" aria-busy={busy}>
      <legend className="visually-hidden">Shipping options</legend>
      {eco?.isEcoshipApplicable && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={asked.ecoship ?? basket.c_isEcoShip ?? false}
            onChange={(e) => {
              const selected = e.target.checked;
              void run({ ecoship: selected }, () => chooseEcoship(selected));
            }}
          />
          {ecoshipCheckboxLabel(eco.ecoshipDisplayDate)}
        </label>
      )}
      {protection.fee > 0 && (
        <>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={asked.protection ?? protection.isApplied}
              aria-describedby={`${id}-protection`}
              onChange={(e) => {
                const add = e.target.checked;
                void run({ protection: add }, () => routePackageProtection(add ? 'add' : 'remove'));
              }}
            />
            {protectionCheckboxLabel(formatCents(protection.fee))}
          </label>
          <p id={`${id}-protection`} className="field-hint">
            {PACKAGE_PROTECTION_EXPLANATION}
          </p>
        </>
      )}
    </fieldset>
  );
}
