import * as v from 'valibot';
import { RECENTLY_VIEWED_COOKIE, setForCriteria } from '../../../lib/recommendations.ts';
import { recommend } from '../../../server/recommendations/recommend.ts';
import { getDb } from '../../../server/db/database.ts';
import { engine } from '../../../server/commerce/engine.ts';
import { endpoint, readBody, success } from '../../../server/http/api.ts';

export const prerender = false;

const Schema = v.object({
  criteria: v.pipe(v.string('criteria is required.'), v.maxLength(40)),
  productId: v.optional(v.pipe(v.string(), v.maxLength(64))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)), 12),
});

/** A recommendation set for a carousel: { criteria, headline, products }. */
export const POST = endpoint(async ({ request, cookies, locals }) => {
  const { criteria, productId, limit } = await readBody(request, Schema);
  const set = setForCriteria(criteria);
  const recentlyViewed = (cookies.get(RECENTLY_VIEWED_COOKIE)?.value ?? '').split('|').filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
  const session = await locals.session();
  const basket = session.basketId ? await (await engine()).readBasket(session.basketId) : null;
  const basketProductIds = [...new Set(basket?.productItems.map((i) => i.masterId) ?? [])];
  const { headline, products } = await recommend(await getDb(), set, { productId, basketProductIds, recentlyViewed, limit });
  return success({ criteria, headline, products });
});
