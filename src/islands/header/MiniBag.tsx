import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatCents } from '#src/lib/money.ts';
import { $bag, loadBag } from '#src/lib/stores/bag.ts';
import { LineItem } from '../bag/LineItem.tsx';

/**
 * The mini bag's contents: the bag's lines (the bag page's own LineItem), subtotal, View bag and Checkout now.
 * It reads the shared $bag store, so it is always in step with the bag count and the bag page. Mounted by
 * mount-mini-bag.tsx the first time the mini bag opens: React loads only when a shopper opens it.
 */
export function MiniBag() {
  const bag = useStore($bag);
  useEffect(() => void loadBag(), []);
  if (!bag) return <p className="minibag-status">Loading your bag…</p>;
  if (bag.productItems.length === 0) {
    return (
      <div className="minibag">
        <p className="minibag-status">Your bag is empty.</p>
        <a className="button" href="/home">
          Continue shopping
        </a>
      </div>
    );
  }
  return (
    <div className="minibag">
      <ul className="lines minibag-lines">
        {bag.productItems.map((item) => (
          <LineItem key={item.itemId} item={item} />
        ))}
      </ul>
      <p className="minibag-subtotal">
        <span>
          Subtotal ({bag.totalQuantity} {bag.totalQuantity === 1 ? 'item' : 'items'})
        </span>
        <strong data-testid="minibag-subtotal">{formatCents(bag.c_summary.subTotal)}</strong>
      </p>
      <a className="button button-secondary" href="/cart">
        View bag
      </a>
      <a className="button" href="/checkout">
        Checkout now
      </a>
    </div>
  );
}
