import { RemoveFromWishlistSchema } from '#src/lib/schemas/shopper-lists.ts';
import { removeFromWishlist } from '#src/server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '#src/server/http/require-customer.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const DELETE = endpoint(async ({ request, locals }) => {
  const { itemId, listId } = await readBody(request, RemoveFromWishlistSchema);
  const customerId = requireCustomer(await locals.session());
  return success(await removeFromWishlist(customerId, itemId, listId), { message: 'Removed from your wishlist' });
});
