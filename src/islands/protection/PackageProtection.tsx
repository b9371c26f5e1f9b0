import { useEffect, useId, useRef, useState } from 'react';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { PACKAGE_PROTECTION_EXPLANATION, protectionCheckboxLabel } from '#src/lib/checkout/shipping-extras.ts';
import { formatCents } from '#src/lib/money.ts';
import { routePackageProtection } from '#src/lib/stores/checkout-shipping-extras.ts';
import './protection.css';

/**
 * Package protection, where the bag page and the shipping step offer it: shown when its fee is above 0, and
 * auto-applied on first showing it (the server adds it only while the shopper has never chosen, so a removal sticks),
 * so the bag's total is the one the checkout charges.
 */
export function PackageProtection({ basket, onError }: { basket: BasketView; onError(message: string): void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  // What the shopper just asked for, shown until the server answers (then the bag says what holds).
  const [asked, setAsked] = useState<boolean | undefined>(undefined);
  const protection = basket.c_packageProtection ?? { fee: 0, isApplied: false };
  const autoApplied = useRef(false);

  useEffect(() => {
    if (autoApplied.current || protection.fee <= 0 || protection.isApplied) return;
    autoApplied.current = true;
    // A failure is reported by the call (a site error event) and changes nothing: no alert for what the shopper did not ask.
    void routePackageProtection('autoapply');
  }, [protection.fee, protection.isApplied]);

  if (protection.fee <= 0) return null;
  // Not disabled while a call runs (a disabled box would drop keyboard focus): a change waits for the answer instead.
  const choose = async (add: boolean) => {
    if (busy) return;
    setBusy(true);
    setAsked(add);
    const r = await routePackageProtection(add ? 'add' : 'remove');
    setBusy(false);
    setAsked(undefined);
    if (!r.ok) onError(r.message);
  };
  return (
    <div className="package-protection" aria-busy={busy}>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={asked ?? protection.isApplied}
          aria-describedby={`${id}-protection`}
          onChange={(e) => void choose(e.target.checked)}
        />
        {protectionCheckboxLabel(formatCents(protection.fee))}
      </label>
      <p id={`${id}-protection`} className="field-hint">
        {PACKAGE_PROTECTION_EXPLANATION}
      </p>
    </div>
  );
}
