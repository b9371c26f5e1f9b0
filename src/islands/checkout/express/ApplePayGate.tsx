import { useEffect, useState, type ComponentType } from 'react';

/**
 * Where the wallet's button may show: only a browser with Safari's `ApplePaySession` loads ApplePayButton (Apple Pay
 * JS's handlers, the sheet's updates), so every other browser fetches none of it. Whether the device can pay, and
 * the button's other rules, ApplePayButton decides once loaded. A failed load shows nothing, as on a device without
 * Apple Pay. The test is inline on purpose: importing apple-pay-js.ts for it would bring that module back here.
 */
export function ApplePayGate() {
  const [Button, setButton] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (typeof (window as { ApplePaySession?: unknown }).ApplePaySession !== 'function') return;
    let current = true;
    import('./ApplePayButton.tsx').then(
      (m) => {
        if (current) setButton(() => m.ApplePayButton);
      },
      () => {
        // Nothing to show: the shopper pays another way.
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return Button ? <Button /> : null;
}
