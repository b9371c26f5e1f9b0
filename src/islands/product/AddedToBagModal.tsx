import type { BasketView, ProductView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { Modal } from '../ui/Modal.tsx';

/** The added-to-bag confirmation: what went in, the bag subtotal, and where to go next. */
export function AddedToBagModal({ basket, product, onClose }: { basket: BasketView | null; product: ProductView; onClose: () => void }) {
  const last = basket?.c_lastAddedItemInfo;
  const line = basket?.productItems.find((i) => i.itemId === last?.itemId);
  return (
    <Modal open={!!basket} title="Added to your bag" size="medium" onClose={onClose}>
      {line && (
        <div className="added-line">
          <img src={line.c_productImageUrl} alt="" width="96" height="120" />
          <div>
            <p className="added-name">{product.name}</p>
            <p className="line-attrs">
              {line.colorName}
              {line.sizeLabel && ` · ${line.sizeLabel}`} · Qty {line.quantity}
            </p>
            {line.optionItems.map((o) => (
              <p key={o.optionId} className="line-attrs">
                {o.itemText}
              </p>
            ))}
            <p>{formatCents(line.price)}</p>
          </div>
        </div>
      )}
      {basket && (
        <p className="added-subtotal">
          Bag subtotal ({basket.totalQuantity} {basket.totalQuantity === 1 ? 'item' : 'items'}):{' '}
          <strong>{formatCents(basket.c_summary.subTotal)}</strong>
        </p>
      )}
      <div className="added-actions">
        <button type="button" className="button-secondary" onClick={onClose}>
          Continue Shopping
        </button>
        <a className="button" href="/cart">
          View Bag
        </a>
        <a className="button" href="/checkout">
          Checkout Now
        </a>
      </div>
    </Modal>
  );
}
