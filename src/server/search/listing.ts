import { getDb } from '../db/database.ts';
import { summariesFor } from './catalog-query.ts';
import { catalogSearch } from './catalog-search.ts';
import { SORTS, type Sort } from './search-index.ts';

/** Reads sort and page from a listing URL, with safe defaults for anything unknown. */
export function listingParams(url: URL): { sort: Sort; page: number } {
  const sort = url.searchParams.get('sort');
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return { sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance', page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** One page of tiles for a search term and/or category. */
export async function listing(options: { q?: string | undefined; category?: string | undefined; sort: Sort; page: number }) {
  const index = await catalogSearch();
  const result = index.results(options);
  return { ...result, products: await summariesFor(await getDb(), result.ids), categories: index.categoryIds() };
}
