import { describe, expect, it } from 'vitest';
import { heldWishlistProduct, holdRecord, HOLD_TTL_MS, smallScreenSignInUrl, wishlistAddPath, wishlistSignInUrl } from '#src/lib/wishlist-hold.ts';

describe('a guest adding to the wishlist is sent to sign in with the product held', () => {
  it('small screens go to the checkout spec route, exactly', () => {
    expect(smallScreenSignInUrl('fb-1001-blk-M')).toBe(
      '/register?isopen=true&loginFromCartCTA=true&original=/cart&scope=wishlist&wishlistPID=fb-1001-blk-M',
    );
  });
  it('elsewhere, original is the wishlist add path with pid, redirectto=wishlist and doredirect=true', () => {
    expect(wishlistAddPath('gc-2')).toBe('/wishlist?pid=gc-2&redirectto=wishlist&doredirect=true');
    const url = new URL(wishlistSignInUrl('gc-2'), 'http://x');
    expect(url.pathname).toBe('/register');
    expect(url.searchParams.get('original')).toBe('/wishlist?pid=gc-2&redirectto=wishlist&doredirect=true');
  });
  it('after sign-in the held product is found in the query, in original, or in a fresh stored record', () => {
    const now = 1_000_000;
    expect(heldWishlistProduct(new URL(smallScreenSignInUrl('a-1'), 'http://x').search, null, now)).toBe('a-1');
    expect(heldWishlistProduct(new URL(wishlistSignInUrl('b-2'), 'http://x').search, null, now)).toBe('b-2');
    expect(heldWishlistProduct('?isopen=true', holdRecord('c-3', now - 1000), now)).toBe('c-3');
  });
  it('nothing is held without scope=wishlist, for another original, or for a stale or foreign record', () => {
    const now = 1_000_000;
    expect(heldWishlistProduct('?wishlistPID=a-1', null, now)).toBeNull();
    expect(heldWishlistProduct('?original=%2Fcart', null, now)).toBeNull();
    expect(heldWishlistProduct('', holdRecord('c-3', now - HOLD_TTL_MS), now)).toBeNull();
    expect(heldWishlistProduct('', 'not json', now)).toBeNull();
  });
});
