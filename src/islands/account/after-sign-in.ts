import { $bag } from '#src/lib/stores/bag.ts';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { safeReturnPath } from '#src/lib/return-path.ts';
import { handOverNotice, LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { HELD_WISHLIST_KEY, heldWishlistProduct, WISHLIST_PATH } from '#src/lib/wishlist-hold.ts';

export interface SignInBody {
  basket: BasketView;
  mergeBasket: { redirectToCart: boolean; notificationMsg: string | null };
}

/**
 * Adds the product a guest wanted on their wishlist before signing in (checkout spec §4: "Login success ...
 * adds any pending wishlist product"). Returns whether one was held. A failure is logged; sign-in still goes on.
 */
export async function addHeldWishlistProduct(): Promise<boolean> {
  const pid = heldWishlistProduct(window.location.search, sessionStorage.getItem(HELD_WISHLIST_KEY), Date.now());
  sessionStorage.removeItem(HELD_WISHLIST_KEY);
  if (!pid) return false;
  const r = await callApi(API.addToWishlist, { productId: pid });
  if (!r.ok) console.error('[wishlist] the held product could not be added', r.message);
  return true;
}

/**
 * Where to go after signing in: the bag when the merge asks for it (with its message), else the return path
 * (the wishlist when a product was held without one). A held wishlist product is added first; the page gone to says
 * 'Login completed successfully'.
 */
export async function goAfterSignIn(body: SignInBody, fallback: string): Promise<void> {
  $bag.set(body.basket);
  handOverNotice(sessionStorage, LOGIN_SUCCESS);
  const held = await addHeldWishlistProduct();
  if (body.mergeBasket.redirectToCart) {
    if (body.mergeBasket.notificationMsg) sessionStorage.setItem('bagNotice', body.mergeBasket.notificationMsg);
    window.location.assign('/cart?source=newcheckout');
    return;
  }
  window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('original'), held ? WISHLIST_PATH : fallback));
}
