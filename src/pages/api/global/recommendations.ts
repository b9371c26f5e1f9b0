import { API } from '#src/lib/api/contract.ts';
import { RECENTLY_VIEWED_COOKIE } from '#src/lib/recommendations.ts';
import { basketProductIds } from '#src/server/bag/basket-facade.ts';
import { recommendations } from '#src/server/catalog/catalog-facade.ts';
import { success } from '#src/server/http/api.ts';
import { apiEndpoint } from '#src/server/http/api-endpoint.ts';

export const prerender = false;

/** A recommendation set for a carousel: { criteria, headline, products }. */
export const POST = apiEndpoint(API.recommendations, async ({ cookies, locals }, { criteria, productId, limit }) => {
  const recentlyViewedCookie = cookies.get(RECENTLY_VIEWED_COOKIE)?.value;
  const { headline, products } = await recommendations(criteria, {
    productId,
    basketProductIds: await basketProductIds(locals),
    recentlyViewedCookie,
    limit,
  });
  return success({ criteria, headline, products });
});
