import { useState, type ReactNode } from 'react';
import { Modal, type ModalSize } from '../ui/Modal.tsx';

/** A link-style button opening a modal of fixed content (Hemming Details, Gift card terms). */
export function InfoModalButton({
  label,
  title,
  size = 'medium',
  children,
}: {
  label: string;
  title: string;
  size?: ModalSize;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Modal open={open} title={title} size={size} onClose={() => setOpen(false)}>
        {children}
      </Modal>
    </>
  );
}
