import { ProductReadSchema } from '#src/lib/schemas/basket.ts';
import { readProduct } from '#src/server/catalog/catalog-facade.ts';
import { endpoint, failure, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

/** Fresh product data (stock, prices) for a purchase area hydrating on a static page. */
export const POST = endpoint(async ({ request }) => {
  const { productId } = await readBody(request, ProductReadSchema);
  const product = await readProduct(productId);
  return product ? success(product) : failure(404, 'That product could not be found.');
});
