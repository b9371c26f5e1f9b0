import type { SearchDocument } from './search-documents.ts';
import { SORTS, type Sort } from '#src/lib/listing.ts';
import { TermIndexBuilder, type TermIndex } from './term-index.ts';
import { PackedStrings } from './packed-strings.ts';
import { sortOrders } from './sort-orders.ts';
import { sortInSteps, type Steps } from './steps.ts';

/** The indexed fields, in bit order, and how much a match in each counts. */
const FIELDS = ['name', 'brandName', 'category', 'colors', 'description', 'id'] as const;
const BOOST = [4, 2, 2, 1, 1, 3];
export const ALL_FIELDS = 0b111111;
/** Typeahead words come from these: name, brand, category, colours (not descriptions or ids). */
export const TYPEAHEAD_FIELDS = 0b001111;
const K1 = 1.2;
const B = 0.7;

/** The number an id ends in, as typed ("fb-1001" → "1001"), or "" when it ends in none. */
export function itemNumberOf(id: string): string {
  return /-(\d+)$/.exec(id)?.[1] ?? '';
}

/** What the catalog's search is made of (src/server/search/search-index.ts), built from its documents in steps. */
export class SearchParts {
  index!: TermIndex;
  /** Per document, packed (src/server/search/packed-strings.ts): at 100,000 products the heap's largest part. */
  ids!: PackedStrings;
  names!: PackedStrings;
  slugs!: PackedStrings;
  images!: PackedStrings;
  /** Per document, its brand's name by position in brandList. */
  brandOf!: Uint16Array;
  brandList: string[] = [];
  ratings!: Float64Array;
  categoryOf!: Uint16Array;
  categoryList: string[] = [];
  /**
   * Item numbers: every document by the number its id ends in ("fb-1001" → "1001"; an id without one sorts as ""),
   * then by id. A sorted array searched by halves, not maps: a map of 100,000 numbers to lists took 25 MB.
   */
  byNumber!: Uint32Array;
  /** Every document by id. */
  byId!: Uint32Array;
  orders!: Record<Sort, Uint32Array>;
  /** Each sort's order per category (by position in categoryList). */
  categoryOrders!: Record<Sort, Uint32Array[]>;
  /** Per term: the documents it occurs in within the typeahead fields. */
  typeaheadCount!: Uint32Array;
  /** BM25 of a one-time match per field and document, boost included (times the term's idf when scored). */
  norms!: Float32Array[];
}

/** Takes documents one at a time (a catalog is read in steps), then makes the sorted orders and counts. */
export class SearchPartsBuilder {
  private readonly p = new SearchParts();
  private readonly builder = new TermIndexBuilder(FIELDS.length);
  private readonly categoryIndex = new Map<string, number>();
  private readonly brandIndex = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly names: string[] = [];
  private readonly slugs: string[] = [];
  private readonly images: string[] = [];
  private readonly brands: number[] = [];
  private readonly cats: number[] = [];
  private readonly ratings: number[] = [];
  private readonly prices: number[] = [];

  add(d: SearchDocument): void {
    this.builder.add(FIELDS.map((f) => d[f]));
    this.ids.push(d.id);
    this.names.push(d.name);
    this.slugs.push(d.slug);
    if (!this.brandIndex.has(d.brandName)) this.brandIndex.set(d.brandName, this.brandIndex.size);
    this.brands.push(this.brandIndex.get(d.brandName)!);
    this.images.push(d.image);
    this.ratings.push(d.rating ?? Number.NaN);
    this.prices.push(d.minSalePrice);
    if (!this.categoryIndex.has(d.category)) this.categoryIndex.set(d.category, this.categoryIndex.size);
    this.cats.push(this.categoryIndex.get(d.category)!);
  }

  *finish(): Steps<SearchParts> {
    const p = this.p;
    const { ids, names } = this;
    p.index = yield* this.builder.build();
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    p.byId = yield* sortInSteps(Uint32Array.from(ids.keys()), byId);
    const numbers = ids.map(itemNumberOf);
    p.byNumber = yield* sortInSteps(Uint32Array.from(ids.keys()), (a, b) =>
      numbers[a]! < numbers[b]! ? -1 : numbers[a]! > numbers[b]! ? 1 : byId(a, b),
    );
    p.ratings = Float64Array.from(this.ratings);
    p.categoryOf = Uint16Array.from(this.cats);
    p.categoryList = [...this.categoryIndex.keys()];
    p.brandOf = Uint16Array.from(this.brands);
    p.brandList = [...this.brandIndex.keys()];
    const sorted = yield* sortOrders({ names, ids, prices: this.prices, ratings: p.ratings });
    p.ids = new PackedStrings(ids);
    p.names = new PackedStrings(names);
    p.slugs = new PackedStrings(this.slugs);
    p.images = new PackedStrings(this.images);
    p.orders = sorted;
    p.categoryOrders = Object.fromEntries(
      SORTS.map((s) => [s, p.categoryList.map((_, c) => sorted[s].filter((d) => p.categoryOf[d] === c))]),
    ) as Record<Sort, Uint32Array[]>;
    yield;
    const { offsets, masks, terms } = p.index;
    p.typeaheadCount = new Uint32Array(terms.length);
    for (let t = 0; t < terms.length; t++) {
      let n = 0;
      for (let i = offsets[t]!; i < offsets[t + 1]!; i++) if (masks[i]! & TYPEAHEAD_FIELDS) n++;
      p.typeaheadCount[t] = n;
    }
    p.norms = BOOST.map((boost, f) => {
      const avg = p.index.avgLength[f]!;
      return Float32Array.from(p.index.fieldLengths[f]!, (len) => (boost * (K1 + 1)) / (1 + K1 * (1 - B + (B * len) / avg)));
    });
    return p;
  }
}
