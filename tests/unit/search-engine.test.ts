import { describe, expect, it } from 'vitest';
import { buildCatalogSearch, CatalogSearch } from '#src/server/search/search-index.ts';
import { SEEDED_SEARCH_DOCS } from '../helpers/seeded-search-docs.ts';
import { SORTS } from '#src/lib/listing.ts';

// The seeded catalog's products as search documents, plus generated copies as `npm run seed -- --products` makes
// them ("<name> No. <n>", id gen-<n>), so that sorts and typeahead counts have more than one product per name.
const base = SEEDED_SEARCH_DOCS;
const generated = Array.from({ length: 300 }, (_, i) => {
  const t = base[i % base.length]!;
  return { ...t, id: `gen-${i + 1}`, name: `${t.name} No. ${i + 1}`, slug: `gen-${i + 1}`, minSalePrice: (i * 7919) % 10_000 };
});
const docs = [...base, ...generated];
const index = new CatalogSearch(docs);

describe('catalog search engine', () => {
  it('is the same index whether built at once or in steps (the server builds in steps, between requests)', async () => {
    const stepped = await buildCatalogSearch([docs.slice(0, 100), docs.slice(100)]);
    for (const q of ['dres', 'navy car', 'cardigen', 'jea', 'tee']) expect(stepped.suggest(q, true)).toEqual(index.suggest(q, true));
    for (const sort of SORTS) {
      expect(stepped.results({ sort, pageSize: 500 })).toEqual(index.results({ sort, pageSize: 500 }));
      expect(stepped.results({ q: 'tee', category: 'tops', sort, pageSize: 500 })).toEqual(
        index.results({ q: 'tee', category: 'tops', sort, pageSize: 500 }),
      );
    }
  });

  it('sorts a listing as the grid promises: names as localeCompare orders them, then price and rating with name ties', () => {
    const byName = [...docs].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)).map((d) => d.id);
    expect(index.results({ sort: 'name', pageSize: 1000 }).ids).toEqual(byName);
    const names = new Map(byName.map((id, i) => [id, i]));
    const rank = (id: string) => names.get(id)!;
    const price = new Map(docs.map((d) => [d.id, d.minSalePrice]));
    const asc = index.results({ sort: 'price-asc', pageSize: 1000 }).ids;
    expect(asc).toEqual([...asc].sort((a, b) => price.get(a)! - price.get(b)! || rank(a) - rank(b)));
    const tops = index.results({ category: 'tops', sort: 'price-desc', pageSize: 1000 });
    expect(tops.total).toBe(docs.filter((d) => d.category === 'tops').length);
    expect(tops.ids).toEqual([...tops.ids].sort((a, b) => price.get(b)! - price.get(a)! || rank(a) - rank(b)));
  });

  it('typeahead completes the last word among the products the words before it match', () => {
    expect(index.suggest('navy car', false).typeahead.map((t) => t.name)).toContain('navy cardigan');
    expect(index.suggest('navy car', false).typeahead.every((t) => t.name.startsWith('navy '))).toBe(true);
  });

  it('results need every word, and fall back to any word when nothing has them all', () => {
    const both = index.results({ q: 'wrap dress', pageSize: 1000 });
    expect(both.ids[0]).toBe('jl-4001');
    const any = index.results({ q: 'cardigan zzqx', pageSize: 1000 });
    expect(any.ids).toContain('fb-1003');
  });

  it('pages of a relevance listing follow one another without overlap', () => {
    const all = index.results({ q: 'tee', pageSize: 1000 }).ids;
    const pages = [1, 2, 3].flatMap((page) => index.results({ q: 'tee', pageSize: 5, page }).ids);
    expect(pages).toEqual(all.slice(0, 15));
  });

  it('a suggestion asked again is the same reply, whatever the first asker did with theirs', () => {
    const fresh = new CatalogSearch(docs);
    const first = fresh.suggest('dres', true);
    const copy = structuredClone(first);
    first.products.length = 0;
    first.typeahead.push({ name: 'changed' });
    expect(fresh.suggest('dres', true)).toEqual(copy);
    expect(fresh.suggest('dres', false)).toEqual({ ...copy, quicklinks: [], products: [] });
    expect(fresh.suggest(' dres ', true)).toEqual(copy);
  });

  it('never reads a number with a typo: an item or size number one digit off is another item', () => {
    expect(index.suggest('1001', true).products.map((p) => p.id)).toEqual(['fb-1001']);
    expect(index.itemNumber('1001')).toEqual(['fb-1001']);
    expect(index.itemNumber('gen-12')).toEqual(['gen-12']);
  });
});
