import { API } from '#src/lib/api/contract.ts';
import { wishlistToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Removes an item from the signed-in customer's wishlist (the engine refuses a guest with 401). */
export const DELETE = apiEndpoint(API.removeFromWishlist, async ({ locals }, { itemId, listId }) =>
  success(wishlistToWire(await locals.commerce.lists.removeFromWishlist({ itemId, listId })), { message: 'Removed from your wishlist' }),
);
