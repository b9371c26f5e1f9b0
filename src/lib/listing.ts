/**
 * Listing pages (search results, categories): the sorts on offer and how a listing URL names its sort and page.
 * Isomorphic: the grid's sort menu and the server's index read the same list.
 */
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'rating', 'name'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  rating: 'Top rated',
  name: 'Name A–Z',
};

/** "gift-cards" → "Gift Cards". */
export const categoryLabel = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Reads sort and page from a listing URL, with safe defaults for anything unknown. */
export function listingParams(url: URL): { sort: Sort; page: number } {
  const sort = url.searchParams.get('sort');
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  return {
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as Sort) : 'relevance',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}
