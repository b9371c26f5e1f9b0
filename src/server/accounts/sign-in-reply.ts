import { config } from '../config.ts';
import { getDb } from '../db/database.ts';
import { engine } from '../commerce/engine.ts';
import type { CallSession } from '../session/call-session.ts';
import { DEVICE_COOKIE_SECONDS, makeDeviceCookie } from './device-cookie.ts';
import { startCustomerSession } from './sign-in.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';

export const profileData = (c: Customer) => ({ customerNo: c.id, email: c.email, firstName: c.firstName, lastName: c.lastName });

/**
 * Signs the customer in on this call (bag merge, a new session handed back to the caller, a device token for the
 * account: see device-cookie.ts) and builds the spec's login reply: token, basket, shippingMethods, profileData,
 * wishlistData and mergeBasket.
 */
export async function signInReply(call: CallSession, customer: Customer, remember: boolean) {
  const db = await getDb();
  const previous = await call.session();
  const { token, session, ttl, merge } = await startCustomerSession(db, previous, customer, remember, config().SESSION_TTL_SECONDS);
  call.grant(token, session, ttl);
  // This browser's later sign-ins to the account are limited on their own, not with strangers'.
  call.keep.device = { token: await makeDeviceCookie(db, customer.id), maxAge: DEVICE_COOKIE_SECONDS };
  const commerce = await engine();
  const [basket, wishlistData] = await Promise.all([commerce.pruneAndReadBasket(session.basketId), commerce.getWishlist(customer.id)]);
  const shipping = await commerce.listShippingMethods(session.basketId, basket);
  return {
    token: { customer_id: customer.id, authenticated: true as const, usid: session.usid },
    basket,
    shippingMethods: shipping.methods,
    profileData: profileData(customer),
    wishlistData,
    mergeBasket: {
      redirectToCart: merge.redirectToCart,
      notificationMsg: merge.notificationMsg,
      removedMembershipBrand: merge.removedMembershipBrand,
      showPerksRemovalMsg: merge.showPerksRemovalMsg,
    },
  };
}
