import type { AddressDraft } from '#src/lib/checkout/address-rules.ts';
import { Modal } from '../ui/Modal.tsx';

export interface ConfirmAddressModalProps {
  open: boolean;
  entered: AddressDraft;
  suggested: AddressDraft;
  onUseSuggested(): void;
  onUseEntered(): void;
  /** Closed without a choice (Escape, the close button, the backdrop): the shopper stays on the form. */
  onClose(): void;
}

/** The Confirm Address modal (product spec §4): the address as entered beside the service's suggestion. */
export function ConfirmAddressModal({ open, entered, suggested, onUseSuggested, onUseEntered, onClose }: ConfirmAddressModalProps) {
  return (
    <Modal open={open} title="Confirm Address" size="small" onClose={onClose}>
      <p>We could not match the address you entered exactly. Please choose the one to ship to.</p>
      <div className="confirm-address">
        <section aria-labelledby="confirm-address-suggested">
          <h3 id="confirm-address-suggested">Suggested Address</h3>
          <AddressLines address={suggested} />
          <button type="button" className="add" onClick={onUseSuggested}>
            Use Suggested Address
          </button>
        </section>
        <section aria-labelledby="confirm-address-entered">
          <h3 id="confirm-address-entered">You Entered</h3>
          <AddressLines address={entered} />
          <button type="button" className="button-secondary" onClick={onUseEntered}>
            Use Address as Entered
          </button>
        </section>
      </div>
    </Modal>
  );
}

function AddressLines({ address }: { address: AddressDraft }) {
  return (
    <address>
      {[address.address1, address.address2].filter(Boolean).join(', ')}
      <br />
      {address.city}, {address.stateCode} {address.postalCode}
    </address>
  );
}
