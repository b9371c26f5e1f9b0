import { API } from '#src/lib/api/contract.ts';
import { readProduct } from '#src/server/catalog/catalog-facade.ts';
import { failure, success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** Fresh product data (stock, prices) for a purchase area hydrating on a static page. */
export const POST = apiEndpoint(API.readProduct, async (_context, { productId }) => {
  const product = await readProduct(productId);
  return product ? success(product) : failure(404, 'That product could not be found.');
});
