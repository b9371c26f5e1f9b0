import { wishlist } from '#src/server/accounts/customer-lists-facade.ts';
import { requireCustomer } from '#src/server/http/require-customer.ts';
import { endpoint, success } from '#src/server/http/api.ts';

export const prerender = false;

/** The signed-in customer's wishlist: id, customerProductListItems, c_wishlistId, c_items. */
export const POST = endpoint(async ({ locals }) => success(await wishlist(requireCustomer(await locals.session()))));
