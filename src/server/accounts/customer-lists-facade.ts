import { getDb } from '../db/database.ts';
import { LIMITS, limitOr429 } from '../http/throttle.ts';
import { engine } from '../commerce/engine.ts';
import type { Wishlist } from '#src/lib/commerce/bag.ts';

/**
 * The customer lists facade: the signed-in customer's wishlist and the waitlist for sold-out sizes. Endpoints
 * check who is asking (src/server/http/require-customer.ts) and come here; the lists' tables stay behind the
 * commerce engine.
 */

export async function wishlist(customerId: string): Promise<Wishlist> {
  return (await engine()).getWishlist(customerId);
}

export async function addToWishlist(customerId: string, productId: string): Promise<Wishlist> {
  return (await engine()).addToWishlist(customerId, productId);
}

export async function removeFromWishlist(customerId: string, itemId: string, listId: string): Promise<Wishlist> {
  return (await engine()).removeFromWishlist(customerId, itemId, listId);
}

/** Signs an e-mail up for a sold-out size. Each sign-up may become an e-mail to that address: counted per client. */
export async function joinWaitlist(sku: string, email: string, clientAddress: string): Promise<void> {
  await limitOr429(
    await getDb(),
    `waitlist:addr:${clientAddress}`,
    LIMITS.waitlistPerAddress,
    'Too many requests. Please wait a few minutes and try again.',
  );
  await (await engine()).joinWaitlist(sku, email);
}
