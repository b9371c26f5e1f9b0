import { getDb } from '../db/database.ts';
import { readSummaries } from '../commerce/catalog.ts';
import type { Sort } from '#src/lib/listing.ts';
import type { ListingPage } from '#src/lib/commerce-types.ts';
import { catalogSearch } from './catalog-search.ts';

/** One page of tiles for a search term and/or category. */
export async function listing(options: { q?: string | undefined; category?: string | undefined; sort: Sort; page: number }): Promise<ListingPage> {
  const index = await catalogSearch();
  const result = index.results(options);
  return { ...result, products: await readSummaries(await getDb(), result.ids), categories: index.categoryIds() };
}
