/**
 * A compact inverted index for the catalog's search: every term of every field once, with the documents it occurs
 * in as one typed array (CSR: one offsets array, one postings array, one byte of field bits per posting), so
 * 100 000 products cost a few tens of MB instead of a Map per term and field, and a query touches typed arrays only.
 * Matching follows what MiniSearch did for this store (docs/decisions.md, "An in-memory index of our own"): its
 * tokenizer (split on spaces and punctuation, lower case), prefix matching, and typos up to 0.2 of the word's length
 * (rounded, so one in 3–7 letters), weighted as MiniSearch weighs them; numbers are never matched with typos (an
 * item or size number one digit off is another item).
 */

import { PackedStrings } from './packed-strings.ts';
import { sortInSteps, type Steps } from './steps.ts';

const SPLIT = /[\n\r\p{Z}\p{P}]+/u;
const HAS_LETTER = /\p{L}/u;
export const FUZZY = 0.2;
const MAX_FUZZY = 6;
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(SPLIT)
    .filter((t) => t.length > 0);
}

/** A query word's terms in the index, each with how much a match on it counts (exact 1, prefix and typo less). */
export type Expansion = Map<number, number>;

export class TermIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private tTerm = new Uint32Array(1 << 16);
  private tDoc = new Uint32Array(1 << 16);
  private tMask = new Uint8Array(1 << 16);
  private n = 0;
  private docs = 0;
  private readonly fieldLengths: number[][];

  constructor(fieldCount: number) {
    this.fieldLengths = Array.from({ length: fieldCount }, () => []);
  }

  /** Adds the next document (ordinals are given in order: 0, 1, 2, …) with one text per field. */
  add(fields: string[]): void {
    const doc = this.docs++;
    const masks = new Map<number, number>();
    fields.forEach((text, f) => {
      const tokens = tokenize(text);
      this.fieldLengths[f]!.push(tokens.length);
      for (const token of tokens) {
        let id = this.termIds.get(token);
        if (id === undefined) {
          id = this.terms.length;
          this.termIds.set(token, id);
          this.terms.push(token);
        }
        masks.set(id, (masks.get(id) ?? 0) | (1 << f));
      }
    });
    for (const [term, mask] of masks) this.push(term, doc, mask);
  }

  private push(term: number, doc: number, mask: number): void {
    if (this.n === this.tTerm.length) {
      const grow = <T extends Uint32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
        const b = make(a.length * 2);
        b.set(a);
        return b;
      };
      this.tTerm = grow(this.tTerm, (n) => new Uint32Array(n));
      this.tDoc = grow(this.tDoc, (n) => new Uint32Array(n));
      this.tMask = grow(this.tMask, (n) => new Uint8Array(n));
    }
    this.tTerm[this.n] = term;
    this.tDoc[this.n] = doc;
    this.tMask[this.n] = mask;
    this.n++;
  }

  *build(): Steps<TermIndex> {
    const termCount = this.terms.length;
    const terms = this.terms;
    const sorted = yield* sortInSteps(Uint32Array.from(terms.keys()), (a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
    const offsets = new Uint32Array(termCount + 1);
    for (let i = 0; i < this.n; i++) offsets[this.tTerm[i]! + 1]!++;
    for (let t = 0; t < termCount; t++) offsets[t + 1]! += offsets[t]!;
    const fill = offsets.slice(0, termCount);
    const docs = new Uint32Array(this.n);
    const masks = new Uint8Array(this.n);
    // Documents were added in ordinal order, so each term's postings come out sorted.
    for (let i = 0; i < this.n; i++) {
      const at = fill[this.tTerm[i]!]!++;
      docs[at] = this.tDoc[i]!;
      masks[at] = this.tMask[i]!;
    }
    const lengths = this.fieldLengths.map((l) => Uint16Array.from(l, (x) => Math.min(x, 65535)));
    return new TermIndex(this.terms, sorted, offsets, docs, masks, lengths, this.docs);
  }
}

export class TermIndex {
  /** Term ids in string order, for look-ups by halves (a whole word, or the terms a prefix begins). */
  private readonly sorted: Uint32Array;
  /**
   * Terms with a letter, by length: the only ones matched with typos, each compared with the word typed, so kept as
   * strings (a catalog's vocabulary: a few thousand words, where its numbers are one per product).
   */
  private readonly wordsByLength = new Map<number, { id: number; term: string }[]>();
  readonly avgLength: number[];
  /** Every term by id, packed (src/server/search/packed-strings.ts). */
  readonly terms: PackedStrings;
  /** Postings of term t: docs[offsets[t]] … docs[offsets[t + 1] - 1], ascending, each with its field bits in masks. */
  readonly offsets: Uint32Array;
  readonly docs: Uint32Array;
  readonly masks: Uint8Array;
  /** Words per field, per document. */
  readonly fieldLengths: Uint16Array[];
  readonly docCount: number;

  constructor(
    terms: string[],
    sorted: Uint32Array,
    offsets: Uint32Array,
    docs: Uint32Array,
    masks: Uint8Array,
    fieldLengths: Uint16Array[],
    docCount: number,
  ) {
    this.terms = new PackedStrings(terms);
    this.offsets = offsets;
    this.docs = docs;
    this.masks = masks;
    this.fieldLengths = fieldLengths;
    this.docCount = docCount;
    this.sorted = sorted;
    terms.forEach((term, id) => {
      if (!HAS_LETTER.test(term)) return;
      const list = this.wordsByLength.get(term.length) ?? this.wordsByLength.set(term.length, []).get(term.length)!;
      list.push({ id, term });
    });
    this.avgLength = fieldLengths.map((l) => Math.max(1, l.reduce((a, b) => a + b, 0) / Math.max(1, l.length)));
  }

  /** How many documents a term occurs in. */
  df(term: number): number {
    return this.offsets[term + 1]! - this.offsets[term]!;
  }

  /** The terms a typed word stands for: itself, the terms it begins, and (words only) those within its typo allowance. */
  expand(word: string, prefix = true): Expansion {
    const out: Expansion = new Map();
    const from = this.lowerBound(word);
    const first = this.sorted[from];
    const exact = first !== undefined && this.terms.lengthOf(first) === word.length && this.terms.at(first) === word ? first : undefined;
    if (exact !== undefined) out.set(exact, 1);
    if (prefix) {
      const bytes = PackedStrings.bytesOf(word);
      for (let i = from; i < this.sorted.length; i++) {
        const id = this.sorted[i]!;
        if (!this.terms.startsWith(id, bytes)) break;
        const length = this.terms.lengthOf(id);
        if (id !== exact) out.set(id, (PREFIX_WEIGHT * length) / (length + 0.3 * (length - word.length)));
      }
    }
    const maxDistance = Math.min(MAX_FUZZY, Math.round(word.length * FUZZY));
    if (maxDistance > 0 && HAS_LETTER.test(word)) {
      for (let len = word.length - maxDistance; len <= word.length + maxDistance; len++) {
        for (const { id, term } of this.wordsByLength.get(len) ?? []) {
          if (id === exact) continue;
          const d = boundedDistance(word, term, maxDistance);
          if (d > maxDistance) continue;
          const w = (FUZZY_WEIGHT * word.length) / (word.length + d);
          if (w > (out.get(id) ?? 0)) out.set(id, w);
        }
      }
    }
    return out;
  }

  /** The first position in string order whose term is not before the word. */
  private lowerBound(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms.at(this.sorted[mid]!) < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Levenshtein distance of a and b, or maxDistance + 1 as soon as it must exceed maxDistance. */
function boundedDistance(a: string, b: string, maxDistance: number): number {
  if (Math.abs(a.length - b.length) > maxDistance) return maxDistance + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < best) best = v;
    }
    if (best > maxDistance) return maxDistance + 1;
    prev = row;
  }
  return prev[b.length]!;
}
