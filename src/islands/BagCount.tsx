import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $bagCount, loadBag } from '../lib/stores/bag.ts';

/** The bag link in the header; its count follows the shared bag store, so it changes the moment a line does. */
export function BagCount() {
  const count = useStore($bagCount);
  useEffect(() => {
    void loadBag();
  }, []);
  return (
    <a href="/cart" className="bag-link" aria-label={`Bag, ${count} ${count === 1 ? 'item' : 'items'}`}>
      Bag <span className="bag-count" data-testid="bag-count">{count}</span>
    </a>
  );
}
