import { useRef } from 'react';
import type { LineItemView } from '#src/lib/commerce-types.ts';
import { PO_BOX_MODAL } from '#src/lib/checkout/shipping-extras.ts';
import { Modal } from '../ui/Modal.tsx';

interface Props {
  lines: LineItemView[];
  busy: boolean;
  /** The Address field the shopper goes back to with Edit Shipping Address. */
  addressFieldId: string;
  onRemove(): void;
  onClose(): void;
}

/**
 * 'About Your Order' (product spec §8): the bag holds items that cannot be shipped to the P.O. box entered. Edit
 * Shipping Address closes it and puts the shopper in the Address field; Remove This Item / Remove These Items takes
 * them out of the bag, and the address is then sent again.
 */
export function PoBoxModal({ lines, busy, addressFieldId, onRemove, onClose }: Props) {
  const editing = useRef(false);
  const close = () => {
    onClose();
    // The modal gives focus back to what opened it first; Edit Shipping Address then moves it to the Address field.
    if (editing.current) document.getElementById(addressFieldId)?.focus();
  };
  return (
    <Modal open title={PO_BOX_MODAL.title} size="small" onClose={close}>
      <p>{PO_BOX_MODAL.message}</p>
      <ul className="po-box-items">
        {lines.map((l) => (
          <li key={l.itemId}>
            {l.productName}
            {[l.colorName, l.sizeLabel].filter(Boolean).length > 0 && <small> ({[l.colorName, l.sizeLabel].filter(Boolean).join(', ')})</small>}
          </li>
        ))}
      </ul>
      <div className="modal-actions">
        <button
          type="button"
          className="button-secondary"
          onClick={(e) => {
            editing.current = true;
            e.currentTarget.closest('dialog')?.close();
          }}
        >
          {PO_BOX_MODAL.edit}
        </button>
        <button type="button" className="add" disabled={busy} onClick={onRemove}>
          {lines.length === 1 ? PO_BOX_MODAL.removeOne : PO_BOX_MODAL.removeMany}
        </button>
      </div>
    </Modal>
  );
}
