import { API } from '#src/lib/api/contract.ts';
import { RECENTLY_VIEWED_COOKIE } from '#src/lib/recommendations.ts';
import { success } from '#src/web/http/api.ts';
import { apiEndpoint } from '#src/web/http/api-endpoint.ts';

export const prerender = false;

/** A recommendation set for a carousel: { criteria, headline, products } (the bag's products are read by the engine). */
export const POST = apiEndpoint(API.recommendations, async ({ cookies, locals }, { criteria, productId, limit }) => {
  const { headline, products } = await locals.commerce.catalog.recommendations({
    criteria,
    productId,
    recentlyViewedCookie: cookies.get(RECENTLY_VIEWED_COOKIE)?.value,
    limit,
  });
  return success({ criteria, headline, products });
});
