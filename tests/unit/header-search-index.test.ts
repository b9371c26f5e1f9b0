import { describe, expect, it } from 'vitest';
import { CatalogSearch } from '#src/server/search/search-index.ts';
import { SEEDED_SEARCH_DOCS } from '../helpers/seeded-search-docs.ts';

// The index over the seeded catalog's data, without a database.
const docs = SEEDED_SEARCH_DOCS;
const index = new CatalogSearch(docs);

describe('catalog search index', () => {
  it('matches a prefix', () => {
    const s = index.suggest('cardi', true);
    expect(s.products.map((p) => p.display_name)).toContain('Button-Front Cardigan');
    expect(s.typeahead.map((t) => t.name)).toContain('cardigan');
  });
  it('tolerates a typo', () => {
    expect(index.suggest('cardigen', true).products.map((p) => p.id)).toContain('fb-1003');
  });
  it('gives quick links to categories with their id as value', () => {
    expect(index.suggest('jea', true).quicklinks).toContainEqual({ name: 'Jeans', value: 'jeans' });
  });
  it('the light reply carries typeahead only', () => {
    const s = index.suggest('jea', false);
    expect(s.typeahead.length).toBeGreaterThan(0);
    expect(s.products).toEqual([]);
    expect(s.quicklinks).toEqual([]);
  });
  it('product suggestions have the spec fields', () => {
    const [p] = index.suggest('wrap dress', true).products;
    expect(p).toMatchObject({
      pdp_url: expect.stringMatching(/^\/p\/.*jl-4001$/),
      display_name: 'Wrap Midi Dress',
      brand_label: 'June Lane',
      review_average: 4.5,
    });
  });
  it('results filter by category, sort by price and paginate', () => {
    const page1 = index.results({ category: 'shoes', sort: 'price-asc', pageSize: 3 });
    expect(page1.total).toBe(docs.filter((d) => d.category === 'shoes').length);
    const prices = page1.ids.map((id) => docs.find((d) => d.id === id)!.minSalePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const page2 = index.results({ category: 'shoes', sort: 'price-asc', pageSize: 3, page: 2 });
    expect(page2.ids[0]).not.toBe(page1.ids[0]);
    expect(index.results({ category: 'shoes', pageSize: 3, page: 99 }).page).toBe(page1.pages);
  });
  it('an empty query suggests nothing', () => {
    expect(index.suggest('  ', true)).toEqual({ initial_keyword: '', typeahead: [], quicklinks: [], products: [] });
  });
});
