import type { APIContext } from 'astro';
import { config } from '../config.ts';
import { getDb, type Db } from '../db/database.ts';
import { engine } from '../commerce/engine.ts';
import { secureCookies, writeSessionCookies } from '../http/session-cookies.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_COOKIE_SECONDS, makeDeviceCookie } from './device-cookie.ts';
import { startCustomerSession } from './sign-in.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';

export const profileData = (c: Customer) => ({ customerNo: c.id, email: c.email, firstName: c.firstName, lastName: c.lastName });

/**
 * Gives this browser a device cookie for the account (see device-cookie.ts): its later sign-ins are limited on
 * their own, not with strangers'.
 */
export async function issueDeviceCookie(context: Pick<APIContext, 'cookies' | 'url'>, db: Db, customerId: string): Promise<void> {
  context.cookies.set(DEVICE_COOKIE, await makeDeviceCookie(db, customerId), {
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(context.url),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_SECONDS,
  });
}

/** The device cookie the request presents, for authenticate. */
export const presentedDeviceCookie = (context: Pick<APIContext, 'cookies'>) => context.cookies.get(DEVICE_COOKIE)?.value;

/**
 * Signs the customer in on this request (bag merge, new session, cookies, device cookie) and builds the spec's login reply:
 * token, basket, shippingMethods, profileData, wishlistData and mergeBasket.
 */
export async function signInReply(context: APIContext, customer: Customer, remember: boolean) {
  const db = await getDb();
  const previous = await context.locals.session();
  const { token, session, ttl, merge } = await startCustomerSession(db, previous, customer, remember, config().SESSION_TTL_SECONDS);
  writeSessionCookies(context, token, session, ttl);
  context.locals.session = context.locals.keepSession = async () => session;
  await issueDeviceCookie(context, db, customer.id);
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
