import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $customer, loadCustomer } from '#src/lib/stores/customer.ts';
import { $wishlist, holdForSignIn, isSaved, loadWishlist, toggleWishlist } from '#src/lib/stores/wishlist.ts';

interface Props {
  /** The chosen variant's id (or the product's, for a gift card). */
  productId: string;
  /** Computed by the purchase area from the spec's size rules (src/lib/product-rules.ts showWishlistToggle). */
  visible: boolean;
}

/**
 * The wishlist toggle (header spec §4): adds the product if absent, removes it if present. A guest is asked to
 * sign in with the product held (small screens: the register page; larger: the account flyout), and it is added
 * after sign-in (src/islands/account/after-sign-in.ts).
 */
export function WishlistToggle({ productId, visible }: Props) {
  const customer = useStore($customer);
  // Read the wishlist atom, not a computed store: a computed read while rendering may recompute and notify its
  // subscribers in the middle of the render (React's "Cannot update a component while rendering").
  const saved = isSaved(useStore($wishlist), productId);
  const [busy, setBusy] = useState(false);
  // The error belongs to the product it was about: choosing another size or colour hides it.
  const [error, setError] = useState<{ productId: string; message: string } | null>(null);

  useEffect(() => {
    void loadCustomer().then(() => {
      if ($customer.get().authenticated) void loadWishlist();
    });
  }, []);

  if (!visible) return null;

  const click = async () => {
    if (busy) return;
    setError(null);
    await loadCustomer();
    if (!$customer.get().authenticated) return holdForSignIn(productId);
    setBusy(true);
    const r = await toggleWishlist(productId);
    setBusy(false);
    if (!r.ok) setError({ productId, message: r.message });
  };

  const pressed = customer.authenticated && saved;
  return (
    <div className="wishlist-toggle">
      <button type="button" className="wishlist-button" aria-pressed={pressed} aria-busy={busy} disabled={busy} onClick={click}>
        <span aria-hidden="true">{pressed ? '♥' : '♡'}</span> {pressed ? 'Saved to Wishlist' : 'Add to Wishlist'}
      </button>
      {error?.productId === productId && (
        <p className="notice notice-error" role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
