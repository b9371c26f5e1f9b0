import type { Sort } from '#src/lib/listing.ts';
import { sortInSteps, type Steps } from './steps.ts';

/**
 * Every listing sort of the catalog, made once per index: documents (by ordinal) in each sort's order. 'relevance'
 * without a search term is catalog order (brand, then id: the order documents were loaded in). Names compare as
 * `localeCompare` does, then ids; prices are each product's lowest sale price; a product without rating counts 0.
 * The name sort runs in steps (src/server/search/steps.ts): a collator's 1.7 million comparisons at 100 000
 * products take most of a second.
 */
export function* sortOrders(docs: { names: string[]; ids: string[]; prices: number[]; ratings: Float64Array }): Steps<Record<Sort, Uint32Array>> {
  const n = docs.names.length;
  const collator = new Intl.Collator();
  const all = () => Uint32Array.from({ length: n }, (_, i) => i);
  const byName = yield* sortInSteps(
    all(),
    (a, b) => collator.compare(docs.names[a]!, docs.names[b]!) || collator.compare(docs.ids[a]!, docs.ids[b]!),
  );
  // Rank by name, so the other sorts break ties with one integer comparison.
  const nameRank = new Uint32Array(n);
  byName.forEach((d, rank) => {
    nameRank[d] = rank;
  });
  const rating = (d: number) => (Number.isNaN(docs.ratings[d]!) ? 0 : docs.ratings[d]!);
  const priceAsc = yield* sortInSteps(all(), (a, b) => docs.prices[a]! - docs.prices[b]! || nameRank[a]! - nameRank[b]!);
  const priceDesc = yield* sortInSteps(all(), (a, b) => docs.prices[b]! - docs.prices[a]! || nameRank[a]! - nameRank[b]!);
  const byRating = yield* sortInSteps(all(), (a, b) => rating(b) - rating(a) || nameRank[a]! - nameRank[b]!);
  return { relevance: all(), name: byName, 'price-asc': priceAsc, 'price-desc': priceDesc, rating: byRating };
}
