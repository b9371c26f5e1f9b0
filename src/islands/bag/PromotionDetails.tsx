import { useEffect, useRef, useState } from 'react';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';

interface Promotion {
  calloutMsg: string;
  details: string;
  couponCodeID: string | null;
}

/**
 * A Details button and the promotion Details modal (checkout spec §2): title Details, the code or 'no code
 * required', callout, details, and View all deals. A native modal <dialog>: the page behind is inert, Escape
 * closes it, and focus goes back to the button.
 */
export function PromotionDetails({ promotionId, label = 'Details' }: { promotionId: string; label?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [promo, setPromo] = useState<Promotion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const d = dialog.current;
    if (!open || !d || d.open) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
  }, [open]);

  const show = async () => {
    setOpen(true);
    if (promo) return;
    const r = await callApi(API.readPromotion, { promotionId });
    if (r.ok) setPromo(r.body);
    else setError(r.message);
  };
  const close = () => {
    dialog.current?.close();
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <button ref={opener} type="button" className="link" aria-label={label} aria-haspopup="dialog" onClick={show}>
        Details
      </button>
      {open && (
        <dialog
          ref={dialog}
          className="modal"
          aria-labelledby={`promo-${promotionId}-title`}
          onClose={() => {
            setOpen(false);
            opener.current?.focus();
          }}
        >
          <h2 id={`promo-${promotionId}-title`}>Details</h2>
          {!promo && !error && <p aria-busy="true">Loading…</p>}
          {error && (
            <p className="notice notice-error" role="alert">
              {error}
            </p>
          )}
          {promo && (
            <>
              <p className="promo-code">
                {promo.couponCodeID ? (
                  <>
                    Use code <strong>{promo.couponCodeID}</strong>
                  </>
                ) : (
                  'No code required'
                )}
              </p>
              <p className="callout">{promo.calloutMsg}</p>
              <p>{promo.details}</p>
            </>
          )}
          <p>
            <a className="button" href="/offers-coupons">
              View all deals
            </a>
          </p>
          <button type="button" className="modal-close" onClick={close} aria-label="Close details">
            ×
          </button>
        </dialog>
      )}
    </>
  );
}
