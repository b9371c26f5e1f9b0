import { atom } from 'nanostores';
import { callApi } from '../api-client.ts';
import { API } from '../api/contract.ts';
import type { WishlistView } from '../commerce-types.ts';
import { PHONE_MEDIA } from '../breakpoints.ts';
import { HELD_WISHLIST_KEY, holdRecord, smallScreenSignInUrl, wishlistSignInUrl } from '../wishlist-hold.ts';
import { removeLine } from './bag.ts';
import { $customer, loadCustomer } from './customer.ts';
import { $flyout, chooseFlyout } from './header.ts';

/** The signed-in customer's wishlist as the server last returned it (null until loaded, or for a guest). */
export const $wishlist = atom<WishlistView | null>(null);
/** Whether the product (a variant sku or a product id) is on the wishlist. */
export function isSaved(wishlist: WishlistView | null, productId: string): boolean {
  return wishlist?.c_items.includes(productId) ?? false;
}

let loading: Promise<void> | undefined;

export function loadWishlist(): Promise<void> {
  loading ??= callApi(API.wishlist).then((r) => {
    if (r.ok) $wishlist.set(r.body);
    else loading = undefined;
  });
  return loading;
}

export type WishlistResult = { ok: true } | { ok: false; status: number; message: string };

export async function addToWishlist(productId: string): Promise<WishlistResult> {
  const r = await callApi(API.addToWishlist, { productId });
  if (!r.ok) return r;
  $wishlist.set(r.body);
  return { ok: true };
}

export async function removeFromWishlist(itemId: string): Promise<WishlistResult> {
  const listId = $wishlist.get()?.id;
  if (!listId) return { ok: false, status: 404, message: 'That item is no longer on your wishlist.' };
  const r = await callApi(API.removeFromWishlist, { itemId, listId });
  if (!r.ok) return r;
  $wishlist.set(r.body);
  return { ok: true };
}

/** Adds the product if absent and removes it if present (header spec §4 "Wishlist toggle"). */
export async function toggleWishlist(productId: string): Promise<WishlistResult> {
  await loadWishlist();
  const saved = $wishlist.get()?.customerProductListItems.find((i) => i.productId === productId);
  return saved ? removeFromWishlist(saved.id) : addToWishlist(productId);
}

/**
 * A guest's wishlist action: the product is held and the shopper asked to sign in. Small screens go to the
 * register page with the product in the query; on larger screens the header's account flyout opens (the product
 * waits in sessionStorage), or, on a page without that flyout, the register page with the product in `original`.
 */
export function holdForSignIn(productId: string): void {
  const small = window.matchMedia(PHONE_MEDIA).matches;
  if (small) {
    window.location.assign(smallScreenSignInUrl(productId));
    return;
  }
  if (document.querySelector('[data-flyout="account"]')) {
    sessionStorage.setItem(HELD_WISHLIST_KEY, holdRecord(productId, Date.now()));
    if ($flyout.get() !== 'account') chooseFlyout('account', 0);
    return;
  }
  window.location.assign(wishlistSignInUrl(productId));
}

/**
 * Moves a bag line to the wishlist: saved first, then removed from the bag. A guest is asked to sign in with the
 * product held (the line stays in the bag until they choose to remove it).
 */
export async function moveToWishlist(item: { itemId: string; productId: string }): Promise<WishlistResult> {
  await loadCustomer();
  if (!$customer.get().authenticated) {
    holdForSignIn(item.productId);
    return { ok: true };
  }
  const saved = await addToWishlist(item.productId);
  if (!saved.ok) return saved;
  await removeLine(item.itemId);
  return { ok: true };
}
