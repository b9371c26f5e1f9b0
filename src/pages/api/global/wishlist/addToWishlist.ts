import { API } from '#src/lib/api/contract.ts';
import { addToWishlist } from '#src/server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '#src/server/http/require-customer.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { wishlistToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

export const POST = apiEndpoint(API.addToWishlist, async ({ locals }, { productId }) => {
  const customerId = requireCustomer(await locals.session());
  return success(wishlistToWire(await addToWishlist(customerId, productId)), { message: 'Added to your wishlist' });
});
