import { $bag } from '../../lib/stores/bag.ts';
import type { BasketView } from '../../lib/commerce-types.ts';

export interface SignInBody {
  basket: BasketView;
  mergeBasket: { redirectToCart: boolean; notificationMsg: string | null };
}

/** Only a same-site path may be a return address (no open redirect through ?original=). */
export function safeReturnPath(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}

/** Where to go after signing in: the bag when the merge asks for it (with its message), else the return path. */
export function goAfterSignIn(body: SignInBody, fallback: string): void {
  $bag.set(body.basket);
  if (body.mergeBasket.redirectToCart) {
    if (body.mergeBasket.notificationMsg) sessionStorage.setItem('bagNotice', body.mergeBasket.notificationMsg);
    window.location.assign('/cart?source=newcheckout');
    return;
  }
  window.location.assign(safeReturnPath(new URLSearchParams(window.location.search).get('original'), fallback));
}
