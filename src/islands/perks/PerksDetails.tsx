import { useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { Modal } from '../ui/Modal.tsx';

/**
 * Perks Details (product spec §2 and §7): the modal's text is the perks promotion's callout and details, read through
 * the promotion details call when it is first opened, so the page says what the promotion says.
 */
export function PerksDetails({ promotionId }: { promotionId: string }) {
  const [open, setOpen] = useState(false);
  const [promo, setPromo] = useState<{ calloutMsg: string; details: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setOpen(true);
    if (promo) return;
    const r = await callApi(API.readPromotion, { promotionId });
    if (r.ok) setPromo(r.body);
    else setError(r.message);
  };
  return (
    <>
      <button type="button" className="link" aria-haspopup="dialog" onClick={show}>
        Perks Details
      </button>
      <Modal open={open} title="Perks Details" size="medium" onClose={() => setOpen(false)}>
        {!promo && !error && <p aria-busy="true">Loading…</p>}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        {promo && (
          <>
            <p className="callout">{promo.calloutMsg}</p>
            <p>{promo.details}</p>
          </>
        )}
      </Modal>
    </>
  );
}
