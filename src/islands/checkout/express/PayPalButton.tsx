import { useState } from 'react';
import { API } from '../../../lib/api/contract.ts';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Express checkout's PayPal button (checkout spec §4): makes PayPal's order for the bag on the server, then sends the
 * shopper to the provider's approval page (a full-page redirect; with the embedded sandbox, its page on this origin).
 * No PayPal script is loaded. The server decides whether express checkout is offered (`offered`) and refuses it again
 * when asked; the reply's message is shown when it does.
 */
export function PayPalButton({ from, offered, approvalBase }: { from: 'bag' | 'payment'; offered: boolean; approvalBase: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  if (!offered) return null;
  const pay = async () => {
    setBusy(true);
    setMessage(null);
    const key = crypto.randomUUID();
    const reply = await callApi(API.createExpressOrder, { from }, { headers: { 'idempotency-key': key } });
    if (!reply.ok) {
      setBusy(false);
      setMessage(reply.message);
      return;
    }
    window.location.assign(`${approvalBase}/checkoutnow?token=${encodeURIComponent(reply.body.id)}`);
  };
  return (
    <div className="express-checkout">
      <button type="button" className="button" onClick={pay} disabled={busy} aria-busy={busy}>
        PayPal
      </button>
      {message && <p role="alert">{message}</p>}
    </div>
  );
}
