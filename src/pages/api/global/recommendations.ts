import * as v from 'valibot';
import { RECENTLY_VIEWED_COOKIE } from '#src/lib/recommendations.ts';
import { basketProductIds } from '#src/server/bag/basket-facade.ts';
import { recommendations } from '#src/server/catalog/catalog-facade.ts';
import { endpoint, readBody, success } from '#src/server/http/api.ts';

export const prerender = false;

const Schema = v.object({
  criteria: v.pipe(v.string('criteria is required.'), v.maxLength(40)),
  productId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), 12),
});

/** A recommendation set for a carousel: { criteria, headline, products }. */
export const POST = endpoint(async ({ request, cookies, locals }) => {
  const { criteria, productId, limit } = await readBody(request, Schema);
  const recentlyViewedCookie = cookies.get(RECENTLY_VIEWED_COOKIE)?.value;
  const { headline, products } = await recommendations(criteria, {
    productId,
    basketProductIds: await basketProductIds(locals),
    recentlyViewedCookie,
    limit,
  });
  return success({ criteria, headline, products });
});
