/**
 * Express checkout's sign-in (checkout spec §1, §2 "Express Checkout sign in"): offered to a guest with something
 * in the bag, at the start of checkout and in the bag, so that the shopper goes on with the account's saved
 * addresses and cards.
 */

/** Where the bag goes after a sign-in whose merge asks for it (checkout spec §4). */
export const MERGED_BAG_URL = '/cart?source=newcheckout';
/** Where the shopper goes on after signing in from the express block: the checkout, as the account. */
export const CHECKOUT_URL = '/checkout';

/** Whether the express block offers signing in: only to a guest, and only with something in the bag to check out. */
export function expressSignInOffered(shopper: { signedIn: boolean; itemCount: number }): boolean {
  return !shopper.signedIn && shopper.itemCount > 0;
}

/**
 * Where a sign-in from the express block leads: the bag when the merge cut, dropped or joined lines (the shopper sees
 * what the bag became before paying), else the checkout, where the server picks the step for the account.
 */
export function afterExpressSignIn(merge: { redirectToCart: boolean }): string {
  return merge.redirectToCart ? MERGED_BAG_URL : CHECKOUT_URL;
}
