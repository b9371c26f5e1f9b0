import { useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { supportId } from '#src/lib/checkout/support-id.ts';
import { shortBagId } from '#src/lib/checkout/bag-id.ts';

type BagId = { state: 'hidden' } | { state: 'loading' } | { state: 'shown'; text: string };

/**
 * The checkout footer's two helpers for a call with customer service (checkout spec §2 "Checkout footer"): the bag
 * ID, asked of the server only when the shopper wants it and shown in its short form a person can read out
 * (bag-id.ts), and a support ID made in the browser. `random` is injectable for tests.
 */
export function CheckoutFooter({ random = Math.random }: { random?: () => number }) {
  const [bagId, setBagId] = useState<BagId>({ state: 'hidden' });
  const [support, setSupport] = useState<number | null>(null);

  const showBagId = async () => {
    setBagId({ state: 'loading' });
    const r = await callApi(API.bagId);
    if (!r.ok) setBagId({ state: 'shown', text: r.message });
    else setBagId({ state: 'shown', text: r.body.basketId ? `Bag ID: ${shortBagId(r.body.basketId)}` : 'Your bag is empty, so it has no ID yet.' });
  };

  return (
    <div className="checkout-footer-tools">
      <div>
        <button type="button" className="link" onClick={showBagId} disabled={bagId.state === 'loading'}>
          Show bag ID
        </button>
        <p role="status" className="footer-output">
          {bagId.state === 'shown' && bagId.text}
        </p>
      </div>
      <div>
        <button type="button" className="link" onClick={() => setSupport(supportId(random))}>
          Get a support ID
        </button>
        <p role="status" className="footer-output">
          {support !== null && `Support ID: ${support}`}
        </p>
      </div>
    </div>
  );
}
