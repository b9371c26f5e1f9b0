import { API } from '#src/lib/api/contract.ts';
import { wishlist } from '#src/server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '#src/server/http/require-customer.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';
import { wishlistToWire } from '#src/lib/api/wire.ts';

export const prerender = false;

/** The signed-in customer's wishlist: id, customerProductListItems, c_wishlistId, c_items. */
export const POST = apiEndpoint(API.wishlist, async ({ locals }) => success(wishlistToWire(await wishlist(requireCustomer(await locals.session())))));
