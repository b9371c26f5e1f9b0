import type { Db } from '../db/database.ts';
import { readProduct } from '../commerce/catalog.ts';
import { bestRatedProductIds, productSignals } from './recommendation-signals.ts';
import { COMPLEMENTS, HEADLINES, type RecommendationSet } from '#src/lib/recommendations.ts';
import type { RecommendationItem } from '#src/lib/commerce-types.ts';
import { formatCents } from '#src/lib/money.ts';

export interface RecommendationContext {
  /** The product being viewed (product page, quick shop). */
  productId?: string;
  /** Master ids of the bag's lines (cart page). */
  basketProductIds: string[];
  /** Newest first, from the recently-viewed cookie. */
  recentlyViewed: string[];
  limit?: number;
}

/**
 * Recommendations from real signals: the product's category and brand, what goes with it, the shopper's recently
 * viewed products and the bag. (Co-purchases feed the order confirmation's set: orders-facade.ts.) Sold-out products
 * are left out.
 */
export async function recommend(
  db: Db,
  set: RecommendationSet,
  ctx: RecommendationContext,
): Promise<{ headline: string; products: RecommendationItem[] }> {
  const limit = ctx.limit ?? 12;
  const seedIds = [ctx.productId, ...ctx.basketProductIds].filter((x): x is string => !!x);
  const seeds = await productSignals(db, seedIds);
  const categories = [...new Set(seeds.map((s) => s.category))];
  const brands = [...new Set(seeds.map((s) => s.brand))];
  const complements = [...new Set(categories.flatMap((c) => COMPLEMENTS[c] ?? []))].filter((c) => !categories.includes(c));

  let ids: string[];
  const ranked = (options: { categories?: string[]; notBrands?: string[]; limit: number }) =>
    bestRatedProductIds(db, { ...options, exclude: seedIds });
  switch (set) {
    case 'recentlyViewed':
      ids = ctx.recentlyViewed.filter((id) => !seedIds.includes(id));
      break;
    case 'similarItems':
      ids = categories.length
        ? (await ranked({ categories, limit: limit * 2 })).sort(
            (a, b) => Number(!brands.some((br) => b.startsWith(br))) - Number(!brands.some((br) => a.startsWith(br))),
          )
        : [];
      break;
    case 'similarCategories':
      ids = categories.length ? await ranked({ categories, limit: limit * 2 }) : [];
      break;
    case 'crossBrand':
      ids = categories.length && brands.length ? await ranked({ categories, notBrands: brands, limit: limit * 2 }) : [];
      break;
    case 'complementary':
    case 'nextBestCategory':
      ids = complements.length ? await ranked({ categories: complements, limit: limit * 2 }) : [];
      break;
    default:
      ids = [];
  }
  // Too few from the signal: top up with the best-rated products, so a carousel is never empty for no reason.
  if (ids.length < limit && set !== 'recentlyViewed') {
    const more = await ranked({ limit: limit * 3 });
    ids = [...ids, ...more.filter((id) => !ids.includes(id))];
  }

  const products: RecommendationItem[] = [];
  for (const id of ids) {
    if (products.length >= limit) break;
    const p = await readProduct(db, id);
    if (!p || p.completeOOS) continue;
    const image = p.images[0];
    const { finalPrice, listPrice } = p.priceData;
    const saving = listPrice.max - finalPrice.min;
    products.push({
      id: p.id,
      name: p.name,
      default_link: p.url,
      default_thumbnail: image?.url ?? '',
      rating: p.rating,
      brandname: p.brandName,
      default_pricing: {
        currency: 'USD',
        salePrice: finalPrice.min,
        isRange: finalPrice.min !== finalPrice.max,
        savingsMessage: saving > 0 ? `Save up to ${formatCents(saving)}` : null,
      },
      listPriceLow: listPrice.min,
      listPriceHigh: listPrice.max,
      salePriceLow: finalPrice.min,
      salePriceHigh: finalPrice.max,
    });
  }
  return { headline: HEADLINES[set], products };
}
