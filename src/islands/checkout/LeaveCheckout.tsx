import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

const BAG_URL = '/cart';

/**
 * The checkout header's logo (checkout spec §2 "Checkout header logo"). Server-rendered it is a plain link to the
 * bag, which is what it stays without JavaScript; once hydrated a click opens the 'Items in your bag are not
 * reserved!' popover instead. Focus moves into the popover and stays there (Tab wraps); Escape or Continue Checkout
 * closes it and gives focus back to the logo; View Bag is a link to the bag.
 */
export function LeaveCheckout({ label = 'Seven Brands' }: { label?: string }) {
  const [open, setOpen] = useState(false);
  const logo = useRef<HTMLAnchorElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const textId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) logo.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    // A click anywhere outside closes it (focus then goes where that click put it).
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !panel.current?.contains(e.target) && !logo.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
      return;
    }
    if (e.key !== 'Tab') return;
    const focusable = [...(panel.current?.querySelectorAll<HTMLElement>('button, a[href]') ?? [])];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="leave-checkout">
      <a
        ref={logo}
        className="logo"
        href={BAG_URL}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e) => {
          e.preventDefault();
          setOpen(!open);
        }}
      >
        {label}
      </a>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: the keys are the dialog's (Escape, Tab wrap), handled where focus is
        <div
          ref={panel}
          className="leave-popover"
          role="dialog"
          aria-modal="true"
          aria-labelledby={headingId}
          aria-describedby={textId}
          onKeyDown={onKeyDown}
        >
          <h2 id={headingId}>Items in your bag are not reserved!</h2>
          <p id={textId}>Are you sure you want to leave checkout?</p>
          <div className="leave-actions">
            <button type="button" className="button" onClick={() => close(true)}>
              Continue Checkout
            </button>
            <a className="button-secondary" href={BAG_URL}>
              View Bag
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
