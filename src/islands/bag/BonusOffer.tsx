import { useCallback, useEffect, useRef, useState } from 'react';
import type { BonusDiscountLineItemView } from '#src/lib/commerce-types.ts';
import { BonusProductPicker } from './BonusProductPicker.tsx';

/**
 * A free-gift offer the bag qualifies for: its callout, and 'Claim Your Free Gift' until the gift is in the bag.
 * After a claim the opener is gone, so focus moves to the sentence that says the gift was added.
 */
export function BonusOffer({ offer }: { offer: BonusDiscountLineItemView }) {
  const [open, setOpen] = useState(false);
  const added = useRef<HTMLParagraphElement>(null);
  const justClaimed = useRef(false);
  const close = useCallback(() => setOpen(false), []);
  const claimed = useCallback(() => {
    justClaimed.current = true;
    setOpen(false);
  }, []);
  // Runs after the modal (a child) has closed its dialog in the same commit, so the page is no longer inert.
  useEffect(() => {
    if (!open && offer.claimed && justClaimed.current) {
      justClaimed.current = false;
      added.current?.focus();
    }
  }, [open, offer.claimed]);

  return (
    <section className="bonus-offer notice notice-success" aria-label="Free gift">
      <p className="bonus-callout">{offer.c_calloutMsg}</p>
      {offer.claimed ? (
        <p ref={added} tabIndex={-1}>
          Your free gift is in your bag.
        </p>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Claim Your Free Gift
        </button>
      )}
      <BonusProductPicker offer={offer} open={open} onClose={close} onClaimed={claimed} />
    </section>
  );
}
