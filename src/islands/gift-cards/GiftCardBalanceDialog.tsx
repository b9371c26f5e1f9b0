import { useCallback, useState } from 'react';
import { Modal } from '../ui/Modal.tsx';
import { GiftCardBalanceForm } from './GiftCardBalanceForm.tsx';

/** 'Check a gift card balance' beside the bag's code field: the balance check in a small dialog. */
export function GiftCardBalanceDialog() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button type="button" className="link-button gift-card-balance-open" onClick={() => setOpen(true)}>
        Check a gift card balance
      </button>
      <Modal open={open} title="Gift card balance" size="small" onClose={close}>
        <GiftCardBalanceForm />
      </Modal>
    </>
  );
}
