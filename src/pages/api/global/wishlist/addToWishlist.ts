import { AddToWishlistSchema } from '#src/lib/schemas/shopper-lists.ts';
import { addToWishlist } from '#src/server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '#src/server/http/require-customer.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { productId } = await readBody(request, AddToWishlistSchema);
  const customerId = requireCustomer(await locals.session());
  return success(await addToWishlist(customerId, productId), { message: 'Added to your wishlist' });
});
