import { getDb } from '../db/database.ts';
import { engine } from '../commerce/engine.ts';
import { listBrands, listProductSummaries } from '../commerce/catalog.ts';
import { readCatalogStamp } from '../commerce/catalog-version.ts';
import { brandSettings } from '../content/brand-settings.ts';
import { sizeChartHtml } from '../content/size-charts.ts';
import { recommend } from '../recommendations/recommend.ts';
import { catalogSearch, searchIndexVersion } from '../search/catalog-search.ts';
import { listing } from '../search/listing.ts';
import { currentPromotions } from './current-promotions.ts';
import { importFeed, type ImportReport } from './catalog-import.ts';
import { exportFeed } from './catalog-export.ts';
import { readRecentlyViewed, setForCriteria } from '#src/lib/recommendations.ts';
import type { Sort } from '#src/lib/listing.ts';
import type { Brand, BrandSettings, CurrentPromotion, ProductSummary, ProductView, RecommendationItem } from '#src/lib/commerce-types.ts';
import type { CatalogApi, Implementation } from '#src/lib/commerce-api/commerce-api.ts';
import type { CallSession } from '../session/call-session.ts';
import { readBasket } from '../bag/basket-facade.ts';
import type { Suggestions } from '#src/lib/schemas/search.ts';

/**
 * The catalog facade: everything pages and endpoints read about products (product, brand, home and quick-order
 * pages, listings and search, suggestions, recommendations, size charts, offers), and the merchandiser's feed in
 * and out (`npm run import`). App types in and out; the tables stay behind the engine's catalog, the read-only
 * queries of search (src/server/search/search-documents.ts), recommendations and offers, and the import.
 */

export async function readProduct(idOrSlug: string): Promise<ProductView | null> {
  return (await engine()).readProduct(idOrSlug);
}

/**
 * What the pages rendered from the catalog depend on: it changes when the catalog does (import, restock, seed, any
 * promotion write), when a promotion starts or ends, and when this instance's search index has caught up with a
 * change (category and search pages list what the index finds; a page rendered in between is not kept for long).
 */
export async function catalogStamp(): Promise<string> {
  return `${await readCatalogStamp(await getDb())}|search:${searchIndexVersion() ?? '-'}`;
}

/** A product page: the product, its brand's settings, and the perks product those name (when the brand runs perks). */
export async function productPage(slug: string): Promise<{ product: ProductView; perks: BrandSettings; perksProduct: ProductView | null } | null> {
  const commerce = await engine();
  const product = await commerce.readProduct(slug);
  if (!product) return null;
  const perks = brandSettings(product.brand);
  return { product, perks, perksProduct: perks.perksPromoId ? await commerce.readProduct(perks.perksPromoId) : null };
}

export async function brands(): Promise<Brand[]> {
  return (await listBrands(await getDb())).map(({ code, name, tagline }) => ({ code, name, tagline }));
}

/** A brand page's tiles, in listing order. */
export async function brandProducts(brandCode: string): Promise<ProductSummary[]> {
  return listProductSummaries(await getDb(), { brand: brandCode });
}

/** What the home page shows: the brands and the first product tiles. */
export async function homePage(): Promise<{ brands: Brand[]; products: ProductSummary[] }> {
  const [all, products] = await Promise.all([brands(), getDb().then((db) => listProductSummaries(db, { limit: 60 }))]);
  return { brands: all, products };
}

/** Quick order: the products an item number names, and the product itself when it names exactly one. */
export async function quickOrder(itemNumber: string): Promise<{ matches: string[]; product: ProductView | null }> {
  if (!itemNumber || !/^[a-z0-9-]{1,64}$/i.test(itemNumber.trim())) return { matches: [], product: null };
  // From the search index: a bare number is the end of product ids, which no database index serves.
  const matches = (await catalogSearch()).itemNumber(itemNumber);
  return { matches, product: matches.length === 1 ? await readProduct(matches[0]!) : null };
}

/** One page of tiles for a search term and/or category (search page, category pages). */
export const listProducts = (options: { q?: string | undefined; category?: string | undefined; sort: Sort; page: number }) => listing(options);

/** The categories of the catalog (one category page each). */
export async function categoryIds(): Promise<string[]> {
  return (await catalogSearch()).categoryIds();
}

/** Search suggestions: light (typeahead) or everything (fullPayload). */
export async function suggest(query: string, fullPayload: boolean): Promise<Suggestions> {
  return (await catalogSearch()).suggest(query, fullPayload);
}

/**
 * A recommendation carousel for a criteria name: `recentlyViewedCookie` is the cookie's raw value, the bag's
 * products and the viewed product are the signals.
 */
export async function recommendations(
  criteria: string,
  context: { productId?: string | undefined; basketProductIds: string[]; recentlyViewedCookie: string | undefined; limit?: number },
): Promise<{ headline: string; products: RecommendationItem[] }> {
  const recentlyViewed = readRecentlyViewed(context.recentlyViewedCookie);
  return recommend(await getDb(), setForCriteria(criteria), {
    productId: context.productId,
    basketProductIds: context.basketProductIds,
    recentlyViewed,
    limit: context.limit,
  });
}

/** The size chart for a product's size-chart id, as HTML, or null when there is none. */
export const sizeChart = (chartId: string): string | null => sizeChartHtml(chartId);

/** Promotions running now, automatic ones and codes (the deals page). */
export async function offers(): Promise<CurrentPromotion[]> {
  return currentPromotions(await getDb());
}

/**
 * Imports a catalog feed (JSON Lines, one product per line: docs/catalog-feed.md): all of it or, when any line is
 * bad, nothing; every problem comes back with its line and field.
 */
export async function importCatalog(lines: AsyncIterable<string> | Iterable<string>): Promise<ImportReport> {
  return importFeed(await getDb(), lines);
}

/** The catalog as feed lines, in product id order (what `importCatalog` takes back). */
export async function* exportCatalog(): AsyncGenerator<string> {
  yield* exportFeed(await getDb());
}

/** The catalog resource of the commerce API (src/lib/commerce-api/commerce-api.ts CatalogApi). */
export const catalogOperations: Implementation<CallSession, CatalogApi> = {
  product: (_call, { id }) => readProduct(id),
  productPage: (_call, { slug }) => productPage(slug),
  brands: () => brands(),
  brandProducts: (_call, { brand }) => brandProducts(brand),
  home: () => homePage(),
  quickOrder: (_call, { itemNumber }) => quickOrder(itemNumber),
  list: (_call, options) => listProducts(options),
  categoryIds: () => categoryIds(),
  suggest: (_call, { query, fullPayload }) => suggest(query, fullPayload),
  async recommendations(call, { criteria, productId, recentlyViewedCookie, bagProductIds, limit }) {
    const bag = bagProductIds ?? [...new Set((await readBasket(call)).lines.map((l) => l.masterId))];
    return recommendations(criteria, { productId, basketProductIds: bag, recentlyViewedCookie, limit });
  },
  sizeChart: async (_call, { chartId }) => sizeChart(chartId),
  offers: () => offers(),
  stamp: () => catalogStamp(),
};
