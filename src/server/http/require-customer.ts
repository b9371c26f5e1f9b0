import { BadRequest } from './api.ts';
import type { Session } from '../session/session.ts';

export const SIGN_IN_FOR_WISHLIST = 'Please sign in to use your wishlist.';

/** The wishlist needs a customer id (spec: roles): a guest gets 401 with a message to sign in. */
export function requireCustomer(session: Session): string {
  if (!session.customerId) throw new BadRequest(SIGN_IN_FOR_WISHLIST, 401);
  return session.customerId;
}
