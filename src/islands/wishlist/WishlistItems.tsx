import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { WishlistView } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';
import { addToBag } from '#src/lib/stores/bag.ts';
import { $wishlist, removeFromWishlist } from '#src/lib/stores/wishlist.ts';
import { thumbImage } from '#src/lib/images/image-urls.ts';
import '../bag/bag.css';

/** The wishlist page's list: each saved product with Add to Bag (when it can go as it is) and Remove. */
export function WishlistItems({ initial }: { initial: WishlistView }) {
  const wishlist = useStore($wishlist) ?? initial;
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    if (!$wishlist.get()) $wishlist.set(initial);
  }, [initial]);

  const items = wishlist.customerProductListItems;
  if (items.length === 0) return <p>Your wishlist is empty. Tap the heart on a product page to save it here.</p>;

  const run = async (id: string, work: () => Promise<{ ok: true } | { ok: false; message: string }>, done: string) => {
    setBusy(id);
    const r = await work();
    setBusy(null);
    setMessage(r.ok ? { ok: true, text: done } : { ok: false, text: r.message });
  };

  return (
    <>
      {message && (
        <p className={`notice ${message.ok ? 'notice-success' : 'notice-error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <ul className="lines" aria-label="Saved items">
        {items.map((i) => {
          const label = [i.productName, i.colorName, i.sizeLabel].filter(Boolean).join(', ');
          return (
            <li key={i.id} className="line" aria-label={label} aria-busy={busy === i.id}>
              <img {...thumbImage(i.imageUrl)} alt="" width="96" height="120" loading="lazy" />
              <div className="line-main">
                <a href={i.productUrl}>{i.productName}</a>
                <p className="line-attrs">{[i.colorName, i.sizeLabel].filter(Boolean).join(' · ')}</p>
                {!i.inStock && <p className="notice notice-caution">Out of stock</p>}
                <div className="line-actions">
                  {i.canAddToBag ? (
                    <button
                      type="button"
                      className="link"
                      disabled={busy === i.id}
                      aria-label={`Add to Bag: ${i.productName}`}
                      onClick={() => run(i.id, () => addToBag({ productId: i.productId, quantity: 1 }), `${i.productName} was added to your bag.`)}
                    >
                      Add to Bag
                    </button>
                  ) : (
                    <a href={i.productUrl}>Choose options</a>
                  )}
                  <button
                    type="button"
                    className="link"
                    disabled={busy === i.id}
                    aria-label={`Remove: ${i.productName}`}
                    onClick={() => run(i.id, () => removeFromWishlist(i.id), `${i.productName} was removed from your wishlist.`)}
                  >
                    Remove
                  </button>
                </div>
              </div>
              <div className="line-price">{formatCents(i.price)}</div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
