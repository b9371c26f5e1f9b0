import { getDb } from '../db/database.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { engine } from '../commerce/engine.ts';
import { Refusal } from '../refusal.ts';
import type { Wishlist } from '#src/lib/commerce/bag.ts';
import type { Implementation, ListsApi } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';

/**
 * The customer lists facade: the signed-in customer's wishlist and the waitlist for sold-out sizes. The lists'
 * tables stay behind the commerce engine.
 */
export const SIGN_IN_FOR_WISHLIST = 'Please sign in to use your wishlist.';

/** The wishlist is a customer's (spec: roles): a guest is refused with 401 and a message to sign in. */
async function customerOf(call: Pick<CallSession, 'session'>): Promise<string> {
  const { customerId } = await call.session();
  if (!customerId) throw new Refusal(SIGN_IN_FOR_WISHLIST, 401);
  return customerId;
}

async function wishlist(customerId: string): Promise<Wishlist> {
  return (await engine()).getWishlist(customerId);
}

/** Signs an e-mail up for a sold-out size. Each sign-up may become an e-mail to that address: counted per client. */
async function joinWaitlist(sku: string, email: string, clientAddress: string): Promise<void> {
  await limitOr429(
    await getDb(),
    `waitlist:addr:${clientAddress}`,
    LIMITS.waitlistPerAddress,
    'Too many requests. Please wait a few minutes and try again.',
  );
  await (await engine()).joinWaitlist(sku, email);
}

/** The lists resource of the commerce API (src/lib/commerce-api/commerce-api.ts ListsApi). */
export const listsOperations: Implementation<CallSession, ListsApi> = {
  wishlist: async (call) => wishlist(await customerOf(call)),
  addToWishlist: async (call, { productId }) => (await engine()).addToWishlist(await customerOf(call), productId),
  removeFromWishlist: async (call, { itemId, listId }) => (await engine()).removeFromWishlist(await customerOf(call), itemId, listId),
  async joinWaitlist(call, { sku, email }) {
    await joinWaitlist(sku, email, call.client);
    return null;
  },
};
