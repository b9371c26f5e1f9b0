import MiniSearch from 'minisearch';
import { SEARCH_PAGE_SIZE, SUGGEST_LIMITS } from '#src/lib/header/constants.ts';
import type { Suggestions } from '#src/lib/schemas/search.ts';
import type { SearchDocument } from './search-documents.ts';
import { categoryLabel, type Sort } from '#src/lib/listing.ts';
import { FUZZY, tokenize, type Expansion, type TermIndex } from './term-index.ts';
import { ALL_FIELDS, itemNumberOf, SearchParts, SearchPartsBuilder, TYPEAHEAD_FIELDS } from './search-parts.ts';
import { runAtOnce, runInSteps } from './steps.ts';
import type { PackedStrings } from './packed-strings.ts';

export type { Suggestions };

/** Suggestion replies kept per index (a few hundred bytes each). */
const SUGGEST_REPLIES_KEPT = 2000;

export interface ResultPage {
  ids: string[];
  total: number;
  page: number;
  pages: number;
}

/**
 * The catalog's search (spec §3 suggestions, §4 search and quick order): an in-memory index of every product's
 * name, brand, category, colours, description and id, built once per catalog version (src/server/search/
 * catalog-search.ts keeps it current). Every word typed must match, as a whole word, the start of one, or with a
 * typo (term-index.ts); results fall back to any word when nothing matches all. Sorted orders, per category too,
 * are made at build, so a listing page costs a slice. Pure over its documents: unit tests build it from a fixture.
 */
export class CatalogSearch {
  private readonly index: TermIndex;
  private readonly ids: PackedStrings;
  private readonly names: PackedStrings;
  private readonly slugs: PackedStrings;
  private readonly brandOf: Uint16Array;
  private readonly brandList: string[];
  private readonly images: PackedStrings;
  private readonly ratings: Float64Array;
  private readonly categoryOf: Uint16Array;
  private readonly categoryList: string[];
  private readonly byId: Uint32Array;
  private readonly byNumber: Uint32Array;
  private readonly orders: Record<Sort, Uint32Array>;
  private readonly categoryOrders: Record<Sort, Uint32Array[]>;
  private readonly typeaheadCount: Uint32Array;
  private readonly categories: MiniSearch<{ id: string; label: string }>;
  // Scratch space of one query (queries run one at a time on the event loop): reset after each use.
  private readonly scores: Float64Array;
  private readonly hits: Uint8Array;
  private readonly stamps: Uint32Array;
  /** BM25 of a one-time match per field and document, boost included (times the term's idf when scored). */
  private readonly norms: Float32Array[];
  private stamp = 0;
  /**
   * Replies already made by this index, least recently asked first: shoppers type the same beginnings ('d', 'dr',
   * 'dre'), and a one-letter query costs 5–13 ms at 100,000 products. A new index (a catalog change) starts empty.
   */
  private readonly replies = new Map<string, Suggestions>();

  /** Built at once from documents (tests, scripts), or from parts built in steps (`buildCatalogSearch`). */
  constructor(source: Iterable<SearchDocument> | SearchParts) {
    let parts: SearchParts;
    if (source instanceof SearchParts) parts = source;
    else {
      const builder = new SearchPartsBuilder();
      for (const d of source) builder.add(d);
      parts = runAtOnce(builder.finish());
    }
    this.index = parts.index;
    this.ids = parts.ids;
    this.names = parts.names;
    this.slugs = parts.slugs;
    this.brandOf = parts.brandOf;
    this.brandList = parts.brandList;
    this.images = parts.images;
    this.ratings = parts.ratings;
    this.categoryOf = parts.categoryOf;
    this.categoryList = parts.categoryList;
    this.byId = parts.byId;
    this.byNumber = parts.byNumber;
    this.orders = parts.orders;
    this.categoryOrders = parts.categoryOrders;
    this.typeaheadCount = parts.typeaheadCount;
    this.norms = parts.norms;
    this.scores = new Float64Array(this.ids.length);
    this.hits = new Uint8Array(this.ids.length);
    this.stamps = new Uint32Array(this.ids.length);
    this.categories = new MiniSearch({ fields: ['label', 'id'], storeFields: ['label'], searchOptions: { prefix: true, fuzzy: FUZZY } });
    this.categories.addAll(this.categoryIds().map((id) => ({ id, label: categoryLabel(id) })));
  }

  get size(): number {
    return this.ids.length;
  }

  categoryIds(): string[] {
    return [...this.categoryList].sort();
  }

  /** The auto-suggest reply (spec §3 search suggestions). The light reply leaves quick links and products empty. */
  suggest(query: string, full: boolean): Suggestions {
    const key = `${full ? 'full' : 'fast'} ${query.trim()}`;
    let reply = this.replies.get(key);
    if (reply) this.replies.delete(key);
    else {
      reply = this.suggestNow(query, full);
      if (this.replies.size >= SUGGEST_REPLIES_KEPT) this.replies.delete(this.replies.keys().next().value!);
    }
    this.replies.set(key, reply); // most recently asked last
    return structuredClone(reply);
  }

  private suggestNow(query: string, full: boolean): Suggestions {
    const q = query.trim();
    const out: Suggestions = { initial_keyword: q, typeahead: [], quicklinks: [], products: [] };
    const words = tokenize(q);
    if (words.length === 0) return out;
    const expansions = words.map((w) => this.index.expand(w));
    out.typeahead = this.typeahead(words, expansions);
    if (!full) return out;
    out.quicklinks = this.categories
      .search(q)
      .slice(0, SUGGEST_LIMITS.quicklinks)
      .map((r) => ({ name: String(r['label']), value: String(r.id) }));
    out.products = this.ranked(this.match(expansions, ALL_FIELDS, true), SUGGEST_LIMITS.products).map((d) => ({
      id: this.ids.at(d),
      pdp_url: `/p/${this.slugs.at(d)}`,
      product_thumb_image: this.images.at(d),
      review_average: Number.isNaN(this.ratings[d]!) ? null : this.ratings[d]!,
      display_name: this.names.at(d),
      brand_label: this.brandList[this.brandOf[d]!]!,
    }));
    return out;
  }

  /**
   * Typeahead terms: the words of the catalog that complete (or correct) the last typed word, most frequent among
   * the products that match the words before it first, after those words ("blue ca" → "blue cardigan").
   */
  private typeahead(words: string[], expansions: Expansion[]): { name: string }[] {
    const head = words.slice(0, -1);
    const within = head.length ? this.match(expansions.slice(0, -1), TYPEAHEAD_FIELDS, true) : null;
    const tag = ++this.stamp;
    for (const d of within?.docs ?? []) this.stamps[d] = tag;
    const { offsets, docs, masks, terms } = this.index;
    const counts: [string, number][] = [];
    for (const term of expansions.at(-1)!.keys()) {
      const name = terms.at(term);
      if (head.includes(name)) continue;
      let n = 0;
      if (!within) n = this.typeaheadCount[term]!;
      else for (let i = offsets[term]!; i < offsets[term + 1]!; i++) if (masks[i]! & TYPEAHEAD_FIELDS && this.stamps[docs[i]!] === tag) n++;
      if (n > 0) counts.push([name, n]);
    }
    const prefix = head.join(' ');
    return counts
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, SUGGEST_LIMITS.typeahead)
      .map(([term]) => ({ name: prefix ? `${prefix} ${term}` : term }));
  }

  /** One page of product ids for a search term and/or a category, sorted. */
  results(options: { q?: string | undefined; category?: string | undefined; sort?: Sort; page?: number; pageSize?: number }): ResultPage {
    const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
    const sort = options.sort ?? 'relevance';
    const category = options.category === undefined ? -1 : this.categoryList.indexOf(options.category);
    const words = tokenize(options.q ?? '');
    let list: ArrayLike<number>;
    if (options.category !== undefined && category < 0) list = [];
    else if (words.length === 0) list = category >= 0 ? this.categoryOrders[sort][category]! : this.orders[sort];
    else {
      const expansions = words.map((w) => this.index.expand(w));
      let found = this.match(expansions, ALL_FIELDS, true);
      // A term that matches nothing with every word falls back to any word.
      if (found.docs.length === 0) found = this.match(expansions, ALL_FIELDS, false);
      if (category >= 0) found = keep(found, (d) => this.categoryOf[d] === category);
      if (sort !== 'relevance') list = this.inOrder(found.docs, this.orders[sort]);
      else {
        // Only the best up to the asked page are put in order; the total is every match.
        const total = found.docs.length;
        const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), Math.max(1, Math.ceil(total / pageSize)));
        const best = this.ranked(found, page * pageSize);
        return { ids: best.slice((page - 1) * pageSize).map((d) => this.ids.at(d)), total, page, pages: Math.max(1, Math.ceil(total / pageSize)) };
      }
    }
    const pages = Math.max(1, Math.ceil(list.length / pageSize));
    const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
    const ids: string[] = [];
    for (let i = (page - 1) * pageSize; i < Math.min(list.length, page * pageSize); i++) ids.push(this.ids.at(list[i]!));
    return { ids, total: list.length, page, pages };
  }

  /** The products an item number names: a product id, or a bare number that ends product ids ("1001" → fb-1001). */
  itemNumber(term: string, limit = 10): string[] {
    const t = term.trim().toLowerCase();
    const bare = /^\d+$/.test(t);
    const order = bare ? this.byNumber : this.byId;
    const key = (d: number) => (bare ? itemNumberOf(this.ids.at(d)) : this.ids.at(d));
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key(order[mid]!) < t) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < order.length && found.length < limit && key(order[i]!) === t; i++) found.push(this.ids.at(order[i]!));
    return found;
  }

  /**
   * Documents matching the words in the given fields (every word, or any), each with its BM25 score summed over
   * the words' terms and the fields they occur in, times the field's boost and the term's weight.
   */
  private match(expansions: Expansion[], fields: number, every: boolean): Found {
    const { offsets, docs, masks, docCount } = this.index;
    const { scores, hits, stamps, norms } = this;
    const touched: number[] = [];
    // With every word required, the rarest word goes first and the others only score the documents it found.
    const size = (e: Expansion) => [...e.keys()].reduce((n, t) => n + offsets[t + 1]! - offsets[t]!, 0);
    const order = every ? [...expansions].sort((a, b) => size(a) - size(b)) : expansions;
    for (const [w, expansion] of order.entries()) {
      const tag = ++this.stamp;
      for (const [term, weight] of expansion) {
        const df = offsets[term + 1]! - offsets[term]!;
        const idf = Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
        for (let i = offsets[term]!; i < offsets[term + 1]!; i++) {
          const m = masks[i]! & fields;
          if (!m) continue;
          const d = docs[i]!;
          if (every && w > 0 && hits[d] !== w && stamps[d] !== tag) continue;
          let s = 0;
          for (let bits = m; bits; bits &= bits - 1) s += norms[31 - Math.clz32(bits & -bits)]![d]!;
          if (hits[d] === 0) touched.push(d);
          if (stamps[d] !== tag) {
            stamps[d] = tag;
            hits[d]!++;
          }
          scores[d]! += s * idf * weight;
        }
      }
    }
    const found: Found = { docs: [], scores: [] };
    for (const d of touched) {
      if (!every || hits[d] === expansions.length) {
        found.docs.push(d);
        found.scores.push(scores[d]!);
      }
      hits[d] = 0;
      scores[d] = 0;
    }
    return found;
  }

  /** The best `limit` documents by score, then in catalog order (a full sort only when all are asked for). */
  private ranked(found: Found, limit: number): number[] {
    const before = (a: number, b: number) => found.scores[b]! - found.scores[a]! || found.docs[a]! - found.docs[b]!;
    if (limit >= found.docs.length)
      return found.docs
        .map((_, i) => i)
        .sort(before)
        .map((i) => found.docs[i]!);
    const best: number[] = [];
    for (let i = 0; i < found.docs.length; i++) {
      if (best.length === limit && before(i, best[limit - 1]!) >= 0) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      while (at > 0 && before(i, best[at - 1]!) < 0) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = i;
      if (best.length > limit) best.length = limit;
    }
    return best.map((i) => found.docs[i]!);
  }

  /** The documents in the order of `order` (a precomputed sort). */
  private inOrder(found: number[], order: Uint32Array): number[] {
    const tag = ++this.stamp;
    for (const d of found) this.stamps[d] = tag;
    const out: number[] = [];
    for (const d of order) if (this.stamps[d] === tag) out.push(d);
    return out;
  }
}

/**
 * Builds the index in steps as the catalog is read, serving other requests between them (the server's build at start
 * and after a catalog change): documents are indexed chunk by chunk and never held all at once.
 */
export async function buildCatalogSearch(chunks: AsyncIterable<SearchDocument[]> | Iterable<SearchDocument[]>): Promise<CatalogSearch> {
  const builder = new SearchPartsBuilder();
  for await (const chunk of chunks) {
    for (const d of chunk) builder.add(d);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return new CatalogSearch(await runInSteps(builder.finish()));
}

interface Found {
  docs: number[];
  scores: number[];
}

function keep(found: Found, test: (d: number) => boolean): Found {
  const out: Found = { docs: [], scores: [] };
  found.docs.forEach((d, i) => {
    if (test(d)) {
      out.docs.push(d);
      out.scores.push(found.scores[i]!);
    }
  });
  return out;
}
