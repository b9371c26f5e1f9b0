import { getDb, type Db } from '../db/database.ts';
import { Refusal } from '../refusal.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { createCustomer, limitRegistrations } from '../accounts/accounts.ts';
import type { Customer } from '#src/lib/commerce/customer.ts';
import { isOrderNumber, readTrackOrderForm } from '#src/lib/order-number.ts';
import type { Tracked, TrackOrderFields } from '#src/lib/orders/tracked.ts';
import type { Implementation, OrdersApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';
import { signInReply } from '../accounts/sign-in-reply.ts';
import type { CustomerApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { OrderSummaryView } from '#src/lib/commerce-types.ts';
import { recommend } from '../recommendations/recommend.ts';
import {
  assignOrderToCustomer,
  boughtTogether,
  findGuestOrder,
  findUnclaimedGuestOrder,
  listOrders,
  readOrderByNumber,
  readOrderConfirmation,
} from './orders.ts';
import type { OrderConfirmationView } from '#src/lib/checkout/checkout-types.ts';
import type { RecommendationItem } from '#src/lib/commerce-types.ts';
import { HEADLINES } from '#src/lib/recommendations.ts';

/** Order ids are UUIDs (the order cookie holds one). */
const ORDER_ID = /^[0-9a-f-]{36}$/;

/** The orders facade: what pages and endpoints may ask about orders (placing one goes through the checkout facade). */

/**
 * Track my order for a guest: the posted form is checked, then the look-up is counted per client address (number
 * and e-mail must not be guessable), then the order is found by both.
 */
export async function trackGuestOrder(form: TrackOrderFields | null, clientAddress: string): Promise<Tracked<OrderSummaryView>> {
  return lookUp(form, clientAddress, findGuestOrder);
}

/** An order's page for whoever tracks it: the same form, limit and match as Track my order, the whole order found. */
export async function trackedOrderDetails(form: TrackOrderFields | null, clientAddress: string): Promise<Tracked<OrderConfirmationView>> {
  return lookUp(form, clientAddress, (db, orderNo, email) => readOrderByNumber(db, orderNo, { email }));
}

/** An order's page for the signed-in customer who placed it (or holds it since); null for any other order. */
export async function customerOrderDetails(customerId: string, orderNo: string): Promise<OrderConfirmationView | null> {
  if (!isOrderNumber(orderNo)) return null;
  return readOrderByNumber(await getDb(), orderNo.trim(), { customerId });
}

async function lookUp<T>(
  form: TrackOrderFields | null,
  clientAddress: string,
  find: (db: Db, orderNo: string, email: string) => Promise<T | null>,
): Promise<Tracked<T>> {
  const { typed, result } = readTrackOrderForm(form);
  if (!result.ok) return { typed, error: { message: result.error, status: 400 }, searched: false, found: null };
  const db = await getDb();
  try {
    await limitOr429(db, `orders:addr:${clientAddress}`, LIMITS.orderLookupPerAddress, 'Too many look-ups. Please wait a few minutes and try again.');
  } catch (err) {
    if (err instanceof Refusal) return { typed, error: { message: err.message, status: err.status }, searched: false, found: null };
    throw err;
  }
  return { typed, error: null, searched: true, found: await find(db, result.orderNo, result.email) };
}

/** A signed-in customer's orders, newest first. */
export async function customerOrders(customerId: string): Promise<OrderSummaryView[]> {
  return listOrders(await getDb(), customerId);
}

/**
 * Registration after a guest order (order confirmation page): the order is the one this browser placed (its order
 * cookie), the e-mail must be the order's and the order must not belong to an account yet; the new account gets the
 * order. Counted like every account creation.
 */
async function registerWithGuestOrder(
  input: { email: string; password: string; orderId: string },
  cookieOrderId: string | undefined,
  clientAddress: string,
): Promise<Customer> {
  const db = await getDb();
  await limitRegistrations(db, clientAddress);
  const orderId = cookieOrderId && ORDER_ID.test(cookieOrderId) ? await findUnclaimedGuestOrder(db, cookieOrderId, input.orderId, input.email) : null;
  if (!orderId) throw new Refusal('We could not find a guest order for this email.', 404);
  const customer = await createCustomer(db, { email: input.email, firstName: '', lastName: '', password: input.password });
  await assignOrderToCustomer(db, orderId, customer.id);
  return customer;
}

/** The order this browser just placed (its id is in the order cookie), for /order-confirmation; null when unknown. */
export async function orderConfirmation(orderId: string | undefined): Promise<OrderConfirmationView | null> {
  if (!orderId || !ORDER_ID.test(orderId)) return null;
  return readOrderConfirmation(await getDb(), orderId);
}

/**
 * 'You may also like' on the order confirmation: what other orders bought with these products (co-purchase), and,
 * while no order holds them yet, the similar-categories set the bag page shows. Sold-out products are left out.
 */
export async function orderRecommendations(productIds: string[], limit: number): Promise<{ headline: string; products: RecommendationItem[] }> {
  const db = await getDb();
  const headline = HEADLINES.similarCategories;
  const together = await boughtTogether(db, productIds, limit);
  if (together.length > 0) {
    // The recently-viewed set shows exactly the ids it is given, in their order and without a top-up, as tiles.
    const { products } = await recommend(db, 'recentlyViewed', { basketProductIds: [], recentlyViewed: together, limit });
    if (products.length > 0) return { headline, products };
  }
  const { products } = await recommend(db, 'similarCategories', { basketProductIds: productIds, recentlyViewed: [], limit });
  return { headline, products };
}

/** The signed-in customer of a call, or null. */
async function customerOf(call: Pick<CallSession, 'session'>): Promise<string | null> {
  return (await call.session()).customerId;
}

/** The orders resource of the commerce API (src/lib/commerce-api/commerce-api.ts OrdersApi). */
export const ordersOperations: Implementation<CallSession, OrdersApi> = {
  track: (call, fields) => trackGuestOrder(fields, call.client),
  trackDetails: (call, fields) => trackedOrderDetails(fields, call.client),
  list: async (call) => {
    const customerId = await customerOf(call);
    return customerId ? customerOrders(customerId) : [];
  },
  details: async (call, { orderNo }) => {
    const customerId = await customerOf(call);
    return customerId ? customerOrderDetails(customerId, orderNo) : null;
  },
  confirmation: (_call, { orderReference }) => orderConfirmation(orderReference),
  recommendations: (_call, { productIds, limit }) => orderRecommendations(productIds, limit),
};

/**
 * The customer operation that signs up from the guest order this browser just placed (its order reference): the
 * order's facade answers it, since it claims the order for the new account.
 */
export const registerWithGuestOrderOperation: Implementation<CallSession, CustomerApi>['registerWithGuestOrder'] = async (call, input) =>
  signInReply(call, await registerWithGuestOrder(input, input.orderReference, call.client), false);
