import { useEffect, useId, useRef, type ReactNode } from 'react';

export type ModalSize = 'small' | 'medium' | 'large' | 'xl' | 'fullscreen';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  size?: ModalSize;
  /** No footer, no padding: the Product Zoom modal. */
  bare?: boolean;
  children: ReactNode;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside), Escape closes
 * it, and focus goes back to whatever opened it.
 */
export function Modal({ open, title, onClose, size = 'medium', bare = false, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClosed = () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
      onClose();
    };
    dialog.addEventListener('close', onClosed);
    return () => dialog.removeEventListener('close', onClosed);
  }, [onClose]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; Escape closes a native dialog from the keyboard
    <dialog
      ref={ref}
      className={`modal modal-${size}${bare ? ' modal-bare' : ''}`}
      aria-labelledby={titleId}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === ref.current) ref.current?.close();
      }}
    >
      {open && (
        <div className="modal-body">
          <header className="modal-head">
            <h2 id={titleId}>{title}</h2>
            <button type="button" className="modal-close" aria-label={`Close ${title}`} onClick={() => ref.current?.close()}>
              ×
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}
