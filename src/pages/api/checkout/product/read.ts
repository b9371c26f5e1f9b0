import { API } from '#src/lib/api/contract.ts';
import { failure, success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** Fresh product data (stock, prices) for a purchase area hydrating on a static page. */
export const POST = apiEndpoint(API.readProduct, async ({ locals }, { productId }) => {
  const product = await locals.commerce.catalog.product({ id: productId });
  return product ? success(product) : failure(404, 'That product could not be found.');
});
