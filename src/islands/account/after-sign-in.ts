import { $bag } from '#src/lib/stores/bag.ts';
import type { BasketView } from '#src/lib/commerce-types.ts';
import { callApi } from '#src/lib/api-client.ts';
import { API } from '#src/lib/api/contract.ts';
import { safeReturnPath } from '#src/lib/return-path.ts';
import { handOverNotice, LOGIN_SUCCESS } from '#src/lib/handed-notice.ts';
import { afterExpressSignIn, MERGED_BAG_URL } from '#src/lib/checkout/express-sign-in.ts';
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
 * What every password sign-in does before leaving the page: the merged bag into the store, 'Login completed
 * successfully' handed to the next page, the held wishlist product added, and the merge's message kept for the bag.
 * Returns whether a wishlist product was held.
 */
async function settleSignIn(body: SignInBody): Promise<boolean> {
  $bag.set(body.basket);
  handOverNotice(sessionStorage, LOGIN_SUCCESS);
  const held = await addHeldWishlistProduct();
  if (body.mergeBasket.redirectToCart && body.mergeBasket.notificationMsg) sessionStorage.setItem('bagNotice', body.mergeBasket.notificationMsg);
  return held;
}

/**
 * Where to go after signing in: the bag when the merge asks for it (with its message), else the return path
 * (the wishlist when a product was held without one). A held wishlist product is added first; the page gone to says
 * 'Login completed successfully'.
 */
export async function goAfterSignIn(body: SignInBody, fallback: string): Promise<void> {
  const held = await settleSignIn(body);
  if (body.mergeBasket.redirectToCart) {
    window.location.assign(MERGED_BAG_URL);
    return;
  }
  window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('original'), held ? WISHLIST_PATH : fallback));
}

/** After signing in from the express block: on with the checkout as the account (or the bag, when the merge asks). */
export async function continueCheckoutAfterSignIn(body: SignInBody): Promise<void> {
  await settleSignIn(body);
  window.location.assign(afterExpressSignIn(body.mergeBasket));
}
