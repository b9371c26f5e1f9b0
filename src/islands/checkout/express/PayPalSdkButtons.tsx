import type { PayPalButtonsComponent } from '@paypal/paypal-js';
import { useEffect, useRef, useState } from 'react';
import { emitSiteError, EXPRESS_CHECKOUT_FLOW } from '#src/lib/analytics.ts';
import { ORDER_TECHNICAL_PROBLEM } from '#src/lib/checkout/order-messages.ts';
import type { WebPaymentButtons } from '#src/lib/checkout/web-payment-buttons.ts';
import type { From } from '#src/lib/stores/express.ts';

interface Props {
  from: From;
  buttons: WebPaymentButtons & { clientId: string; sdkUrl: string };
  disabled: boolean;
}

/**
 * PayPal's own buttons (`WEB_PAYMENT=paypal`). No PayPal script is in the page's first load: the store's PayPal button
 * stands in, and PayPal's SDK is loaded (paypal-sdk-buttons.ts, itself loaded then) when the shopper reaches for it:
 * the pointer entering it (a mouse hovering, or a finger touching, before its click), keyboard focus, or a click.
 * Visibility alone is not reaching: every shopper who scrolls past would load it. PayPal's buttons then
 * replace the store's (a popup must be opened from PayPal's own button, so a click on the stand-in loads and shows
 * them, and the next click pays).
 */
export function PayPalSdkButtons({ from, buttons, disabled }: Props) {
  // Reached for (the SDK is loading or loaded), and PayPal's buttons drawn.
  const [reached, setReached] = useState(false);
  const [ready, setReady] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const stand = useRef<HTMLButtonElement>(null);
  const rendered = useRef<PayPalButtonsComponent | null>(null);
  // The latest props for PayPal's callbacks, which are given once when the buttons are made.
  const latest = useRef({ from });
  latest.current = { from };

  const reach = () => {
    if (!reached && !disabled) setReached(true);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once, when the shopper first reaches for the button
  useEffect(() => {
    if (!reached) return;
    let gone = false;
    const failed = (err: unknown) => {
      if (gone) return;
      // The shopper may reach for it again.
      setReached(false);
      setMessage(ORDER_TECHNICAL_PROBLEM);
      emitSiteError({ message: String((err as Error)?.message ?? err), status: 0, path: buttons.sdkUrl, flow: EXPRESS_CHECKOUT_FLOW });
    };
    // The loader and the buttons' callbacks come with the reach too: nothing of PayPal's is in the page's first load.
    import('./paypal-sdk-buttons.ts')
      .then(({ payPalButtons }) => payPalButtons({ buttons, from: () => latest.current.from, setMessage }))
      .then((made) => {
        const target = container.current;
        if (gone || !target) return failed(new Error('PayPal’s buttons are not available'));
        const hadFocus = document.activeElement === stand.current;
        rendered.current = made;
        made.render(target).then(() => {
          if (gone) return;
          setReady(true);
          // Keyboard focus on the stand-in moves to PayPal's button that replaced it.
          if (hadFocus) target.querySelector<HTMLElement>('iframe, button')?.focus();
        }, failed);
      }, failed);
    return () => {
      gone = true;
      void rendered.current?.close().catch(() => {});
      rendered.current = null;
    };
  }, [reached]);

  return (
    <div>
      {(!ready || disabled) && (
        <button
          ref={stand}
          type="button"
          className="button"
          disabled={disabled}
          aria-busy={reached && !ready}
          onPointerEnter={reach}
          onFocus={reach}
          onClick={reach}
        >
          PayPal
        </button>
      )}
      {/* Visible while PayPal draws into it (its buttons size themselves to it); hidden while nothing is left to pay. */}
      <div ref={container} hidden={ready && disabled} />
      {message && <p role="alert">{message}</p>}
    </div>
  );
}
