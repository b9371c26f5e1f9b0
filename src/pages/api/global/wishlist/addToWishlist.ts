import { API } from '#src/lib/api/contract.ts';
import { wishlistToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Saves a product to the signed-in customer's wishlist (the engine refuses a guest with 401). */
export const POST = apiEndpoint(API.addToWishlist, async ({ locals }, { productId }) =>
  success(wishlistToWire(await locals.commerce.lists.addToWishlist({ productId })), { message: 'Added to your wishlist' }),
);
