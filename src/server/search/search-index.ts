import MiniSearch from 'minisearch';
import { SEARCH_PAGE_SIZE, SUGGEST_LIMITS } from '#src/lib/header/constants.ts';
import type { Suggestions } from '#src/lib/schemas/search.ts';
import type { SearchDocument } from '../catalog/catalog-queries.ts';
import { categoryLabel, type Sort } from '#src/lib/listing.ts';

export type { Suggestions };

export interface ResultPage {
  ids: string[];
  total: number;
  page: number;
  pages: number;
}

const FUZZY = 0.2;

/**
 * The catalog's search index (MiniSearch: an inverted index with prefix and typo-tolerant matching). Built from
 * the database on the first query of the process and refreshed in the background when older than
 * INDEX_MAX_AGE_MS, so a reseeded catalog is picked up without a restart. Pure over its documents, so unit tests
 * build it from a fixture.
 */
export class CatalogSearch {
  private readonly products: MiniSearch<SearchDocument>;
  private readonly categories: MiniSearch<{ id: string; label: string }>;
  private readonly docs: Map<string, SearchDocument>;

  constructor(documents: SearchDocument[]) {
    this.docs = new Map(documents.map((d) => [d.id, d]));
    this.products = new MiniSearch<SearchDocument>({
      fields: ['name', 'brandName', 'category', 'colors', 'description', 'id'],
      storeFields: [],
      searchOptions: { boost: { name: 4, brandName: 2, category: 2, id: 3 }, prefix: true, fuzzy: FUZZY, combineWith: 'AND' },
    });
    this.products.addAll(documents);
    const cats = [...new Set(documents.map((d) => d.category))].sort().map((id) => ({ id, label: categoryLabel(id) }));
    this.categories = new MiniSearch({ fields: ['label', 'id'], storeFields: ['label'], searchOptions: { prefix: true, fuzzy: FUZZY } });
    this.categories.addAll(cats);
  }

  get size(): number {
    return this.docs.size;
  }

  categoryIds(): string[] {
    return [...new Set([...this.docs.values()].map((d) => d.category))].sort();
  }

  /** The auto-suggest reply (spec §3 search suggestions). The light reply leaves quick links and products empty. */
  suggest(query: string, full: boolean): Suggestions {
    const q = query.trim();
    const out: Suggestions = { initial_keyword: q, typeahead: [], quicklinks: [], products: [] };
    if (!q) return out;
    out.typeahead = this.typeahead(q);
    if (!full) return out;
    out.quicklinks = this.categories
      .search(q)
      .slice(0, SUGGEST_LIMITS.quicklinks)
      .map((r) => ({ name: String(r['label']), value: String(r.id) }));
    out.products = this.products
      .search(q)
      .slice(0, SUGGEST_LIMITS.products)
      .flatMap((r) => {
        const d = this.docs.get(String(r.id));
        return d
          ? [
              {
                id: d.id,
                pdp_url: `/p/${d.slug}`,
                product_thumb_image: d.image,
                review_average: d.rating,
                display_name: d.name,
                brand_label: d.brandName,
              },
            ]
          : [];
      });
    return out;
  }

  /**
   * Typeahead terms: the words of the catalog that complete (or correct) the last typed word, most frequent in
   * matching products first, after the words already typed ("blue ca" → "blue cardigan").
   */
  private typeahead(q: string): { name: string }[] {
    const words = q.toLowerCase().split(/\s+/);
    const head = words.slice(0, -1).join(' ');
    const counts = new Map<string, number>();
    for (const r of this.products.search(q, { fields: ['name', 'category', 'brandName', 'colors'] })) {
      for (const term of r.terms) if (!words.slice(0, -1).includes(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, SUGGEST_LIMITS.typeahead)
      .map(([term]) => ({ name: head ? `${head} ${term}` : term }));
  }

  /** One page of product ids for a search term and/or a category, sorted. */
  results(options: { q?: string | undefined; category?: string | undefined; sort?: Sort; page?: number; pageSize?: number }): ResultPage {
    const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
    const q = options.q?.trim();
    let docs: SearchDocument[];
    if (q) {
      docs = this.products.search(q).flatMap((r) => this.docs.get(String(r.id)) ?? []);
      // A term that matches nothing with AND (every word) falls back to any word.
      if (docs.length === 0) docs = this.products.search(q, { combineWith: 'OR' }).flatMap((r) => this.docs.get(String(r.id)) ?? []);
    } else {
      docs = [...this.docs.values()];
    }
    if (options.category) docs = docs.filter((d) => d.category === options.category);
    const sorted = sortDocs(docs, options.sort ?? (q ? 'relevance' : 'relevance'));
    const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
    const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
    return { ids: sorted.slice((page - 1) * pageSize, page * pageSize).map((d) => d.id), total: sorted.length, page, pages };
  }
}

function sortDocs(docs: SearchDocument[], sort: Sort): SearchDocument[] {
  const copy = [...docs];
  const byName = (a: SearchDocument, b: SearchDocument) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
  switch (sort) {
    case 'price-asc':
      return copy.sort((a, b) => a.minSalePrice - b.minSalePrice || byName(a, b));
    case 'price-desc':
      return copy.sort((a, b) => b.minSalePrice - a.minSalePrice || byName(a, b));
    case 'rating':
      return copy.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0) || byName(a, b));
    case 'name':
      return copy.sort(byName);
    default:
      return copy;
  }
}
