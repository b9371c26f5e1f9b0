import { API } from '#src/lib/api/contract.ts';
import { wishlistToWire } from '#src/lib/api/wire.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** The signed-in customer's wishlist: id, customerProductListItems, c_wishlistId, c_items (a guest: 401). */
export const POST = apiEndpoint(API.wishlist, async ({ locals }) => success(wishlistToWire(await locals.commerce.lists.wishlist())));
