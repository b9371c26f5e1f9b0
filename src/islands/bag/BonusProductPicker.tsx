import { useEffect, useState } from 'react';
import type { BonusDiscountLineItemView, BonusProductView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { addToBag, loadBag } from '#src/lib/stores/bag.ts';
import { Modal } from '../ui/Modal.tsx';

interface Props {
  offer: BonusDiscountLineItemView;
  open: boolean;
  onClose: () => void;
  /** The gift is in the bag (the store already holds the new basket). */
  onClaimed: () => void;
}

/**
 * The 'Claim Your Free Gift' modal: the offer's products, each with its colours when it has several. Opening it
 * reads the bag again (the loading state) so stock shown is current; the server decides again at the add.
 */
export function BonusProductPicker({ offer, open, onClose, onClaimed }: Props) {
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    setLoading(true);
    void loadBag(true).finally(() => setLoading(false));
  }, [open]);

  const choose = async (sku: string) => {
    setAdding(sku);
    setError(null);
    const r = await addToBag({ productId: sku, quantity: 1, bonusDiscountLineItemId: offer.id });
    setAdding(null);
    if (r.ok) onClaimed();
    else setError(r.message);
  };

  return (
    <Modal open={open} title="Claim Your Free Gift" onClose={onClose}>
      <p>{offer.c_calloutMsg}</p>
      {loading ? (
        <p role="status" aria-busy="true">
          Loading your free gift choices…
        </p>
      ) : (
        <ul className="bonus-products" aria-label="Free gifts to choose from">
          {offer.bonusProducts.map((p) => (
            <BonusChoice key={p.productId} product={p} busy={adding !== null} adding={adding} onChoose={choose} />
          ))}
        </ul>
      )}
      {error && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

interface ChoiceProps {
  product: BonusProductView;
  busy: boolean;
  adding: string | null;
  onChoose: (sku: string) => void;
}

/** One offered product: its picture, worth, a colour choice when it has several, and the button that claims it. */
function BonusChoice({ product, busy, adding, onChoose }: ChoiceProps) {
  const firstAvailable = product.variants.find((v) => v.orderable)?.productId ?? null;
  const [sku, setSku] = useState<string | null>(firstAvailable);
  const chosen = product.variants.find((v) => v.productId === sku && v.orderable);
  const image = chosen?.image ?? product.image;
  const label = (v: BonusProductView['variants'][number]) => `${v.colorName}${v.sizeLabel ? `, ${v.sizeLabel}` : ''}`;

  return (
    <li className="bonus-product" aria-label={product.productName}>
      <img src={image} alt="" width="80" height="100" loading="lazy" />
      <div>
        <p className="bonus-product-name">{product.productName}</p>
        <p className="line-attrs">Free (worth {formatCents(product.price)})</p>
        {product.variants.length > 1 ? (
          <fieldset className="bonus-variants">
            <legend>Colour for {product.productName}</legend>
            {product.variants.map((v) => (
              <label key={v.productId}>
                <input
                  type="radio"
                  name={`bonus-${product.productId}`}
                  value={v.productId}
                  checked={sku === v.productId}
                  disabled={!v.orderable}
                  onChange={() => setSku(v.productId)}
                />
                {label(v)}
                {!v.orderable && ' (out of stock)'}
              </label>
            ))}
          </fieldset>
        ) : (
          product.variants[0] && (
            <p className="line-attrs">
              {label(product.variants[0])}
              {!product.variants[0].orderable && ' (out of stock)'}
            </p>
          )
        )}
        <button
          type="button"
          className="button"
          disabled={busy || !chosen}
          aria-busy={adding === chosen?.productId}
          onClick={() => chosen && onChoose(chosen.productId)}
        >
          {adding === chosen?.productId ? 'Adding…' : `Choose ${product.productName}`}
        </button>
      </div>
    </li>
  );
}
