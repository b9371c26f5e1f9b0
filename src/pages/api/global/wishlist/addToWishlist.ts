import { AddToWishlistSchema } from '../../../../lib/schemas/shopper-lists.ts';
import { addToWishlist } from '../../../../server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '../../../../server/http/require-customer.ts';
import { endpoint, readBody, success } from '../../../../server/http/api.ts';

export const prerender = false;

export const POST = endpoint(async ({ request, locals }) => {
  const { productId } = await readBody(request, AddToWishlistSchema);
  const customerId = requireCustomer(await locals.session());
  return success(await addToWishlist(customerId, productId), { message: 'Added to your wishlist' });
});
