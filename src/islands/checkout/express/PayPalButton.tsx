import { useState } from 'react';
import type { WebPaymentButtons } from '#src/lib/checkout/web-payment-buttons.ts';
import { createExpressOrder, type From } from '#src/lib/stores/express.ts';
import { PayPalSdkButtons } from './PayPalSdkButtons.tsx';

interface Props {
  from: From;
  buttons: WebPaymentButtons;
  /** Nothing left to pay: the button shows, disabled (checkout spec §4). */
  disabled: boolean;
}

/**
 * Express checkout's PayPal button (checkout spec §4). With PayPal (`WEB_PAYMENT=paypal`), PayPal's own buttons from
 * its JavaScript SDK, loaded when the shopper reaches for them; with the embedded sandbox, the store's button, which
 * makes the order on the server and sends the shopper to the sandbox's approval page (a full-page redirect).
 */
export function PayPalButton({ from, buttons, disabled }: Props) {
  const { clientId, sdkUrl } = buttons;
  if (buttons.provider === 'paypal' && clientId && sdkUrl) {
    return <PayPalSdkButtons from={from} buttons={{ ...buttons, clientId, sdkUrl }} disabled={disabled} />;
  }
  return <SandboxPayPalButton from={from} approvalBase={buttons.approvalBase ?? ''} disabled={disabled} />;
}

function SandboxPayPalButton({ from, approvalBase, disabled }: { from: From; approvalBase: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setMessage(null);
    const made = await createExpressOrder(from);
    if (!made.ok) {
      setBusy(false);
      setMessage(made.message);
      return;
    }
    window.location.assign(`${approvalBase}/checkoutnow?token=${encodeURIComponent(made.id)}`);
  };
  return (
    <div>
      <button type="button" className="button" onClick={() => void pay()} disabled={disabled || busy} aria-busy={busy}>
        PayPal
      </button>
      {message && <p role="alert">{message}</p>}
    </div>
  );
}
