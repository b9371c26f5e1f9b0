/**
 * A message for the page the shopper lands on after an action that ends by leaving the page (signing in goes back to
 * where the shopper was, or reloads it): kept in sessionStorage for that one page, which shows it once. Isomorphic
 * (the storage is passed in), so both the sign-in islands and the page scripts use it.
 */
const KEY = 'handedNotice';

/** Checkout spec §8: what a successful sign-in says (the login endpoint answers with it too). */
export const LOGIN_SUCCESS = 'Login completed successfully';

export function handOverNotice(storage: Pick<Storage, 'setItem'>, message: string): void {
  storage.setItem(KEY, message);
}

/** The message handed over, once: it is gone after this. */
export function takeHandedNotice(storage: Pick<Storage, 'getItem' | 'removeItem'>): string | null {
  const message = storage.getItem(KEY);
  if (message !== null) storage.removeItem(KEY);
  return message;
}
