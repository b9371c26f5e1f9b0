/**
 * A guest's wishlist action (checkout spec §4 "Others", header spec §2/§6): the product is held while the
 * shopper signs in, and added once they have. Pure: builds the sign-in addresses and finds the held product.
 */

/** The wishlist "add product" path a sign-in returns to on pages other than the cart (header spec §2). */
export const WISHLIST_PATH = '/wishlist';
/** Held in sessionStorage when the desktop sign-in flyout is used (its links carry no product). */
export const HELD_WISHLIST_KEY = 'wishlistPID';
/** A held product older than this is forgotten (the shopper gave up on signing in). */
export const HOLD_TTL_MS = 30 * 60 * 1000;

/** Small screens: the checkout spec's route, exactly. */
export const smallScreenSignInUrl = (productId: string) =>
  `/register?isopen=true&loginFromCartCTA=true&original=/cart&scope=wishlist&wishlistPID=${encodeURIComponent(productId)}`;

/** Elsewhere: /register?original={the wishlist add path with pid, redirectto=wishlist, doredirect=true}. */
export const wishlistAddPath = (productId: string) => `${WISHLIST_PATH}?pid=${encodeURIComponent(productId)}&redirectto=wishlist&doredirect=true`;
export const wishlistSignInUrl = (productId: string) => `/register?isopen=true&original=${encodeURIComponent(wishlistAddPath(productId))}`;

export const holdRecord = (productId: string, now: number) => JSON.stringify({ pid: productId, at: now });

/**
 * The product held for the wishlist, if any: `wishlistPID` with scope=wishlist on the sign-in page's query, or the
 * pid of a wishlist add path in `original`, or a fresh record left in sessionStorage by the flyout.
 */
export function heldWishlistProduct(search: string, stored: string | null, now: number): string | null {
  const params = new URLSearchParams(search);
  const direct = params.get('wishlistPID');
  if (direct && params.get('scope') === 'wishlist') return direct;
  const original = params.get('original');
  if (original?.startsWith(`${WISHLIST_PATH}?`)) {
    const pid = new URLSearchParams(original.slice(WISHLIST_PATH.length + 1)).get('pid');
    if (pid) return pid;
  }
  if (stored) {
    try {
      const record = JSON.parse(stored) as { pid?: unknown; at?: unknown };
      if (typeof record.pid === 'string' && record.pid && typeof record.at === 'number' && now - record.at < HOLD_TTL_MS) return record.pid;
    } catch {
      // not ours: ignore
    }
  }
  return null;
}
