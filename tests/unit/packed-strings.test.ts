import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PackedStrings } from '#src/server/search/packed-strings.ts';
import { CatalogSearch } from '#src/server/search/search-index.ts';
import { SEEDED_SEARCH_DOCS } from '../helpers/seeded-search-docs.ts';

describe('packed strings (the search index keeps its per-product strings in one buffer)', () => {
  it('gives back every string as it was given, whatever its characters', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), fc.array(fc.string({ unit: 'binary' }), { maxLength: 5 }), (words, odd) => {
        const strings = [...words, ...odd.map((s) => s.toWellFormed())];
        const packed = new PackedStrings(strings);
        expect(packed.length).toBe(strings.length);
        strings.forEach((s, i) => {
          expect(packed.at(i)).toBe(s);
          expect(packed.lengthOf(i)).toBe(s.length);
        });
      }),
    );
  });

  it('says whether a string begins with a prefix as startsWith does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 6 }), { minLength: 1 }),
        fc.string({ unit: 'grapheme', maxLength: 3 }),
        (strings, other) => {
          const packed = new PackedStrings(strings);
          // Every beginning of every string in whole characters (prefixes that hold), and one that mostly does not.
          const prefixes = ['', other, ...strings.flatMap((s) => [...s].map((_, k, chars) => chars.slice(0, k + 1).join('')))];
          for (const prefix of prefixes) {
            const bytes = PackedStrings.bytesOf(prefix);
            for (const [i, s] of strings.entries()) expect(packed.startsWith(i, bytes)).toBe(s.startsWith(prefix));
          }
        },
      ),
    );
  });

  it('lets the index find names, brands and item numbers that are not plain ASCII', () => {
    const t = SEEDED_SEARCH_DOCS[0]!;
    const index = new CatalogSearch([
      { ...t, id: 'fb-7001', name: 'Crêpe Wrap Dress', slug: 'crepe-wrap-dress-fb-7001', brandName: 'Maison Élan' },
      { ...t, id: 'fb-7002', name: 'Linen Shirt 🌿', slug: 'linen-shirt-fb-7002' },
    ]);
    const products = index.suggest('crêpe', true).products;
    expect(products.map((p) => [p.id, p.display_name, p.brand_label, p.pdp_url])).toEqual([
      ['fb-7001', 'Crêpe Wrap Dress', 'Maison Élan', '/p/crepe-wrap-dress-fb-7001'],
    ]);
    expect(index.suggest('cr', false).typeahead.map((t) => t.name)).toContain('crêpe');
    expect(index.results({ q: 'linen shirt' }).ids).toEqual(['fb-7002']);
    expect(index.itemNumber('7002')).toEqual(['fb-7002']);
    expect(index.itemNumber('FB-7001')).toEqual(['fb-7001']);
  });
});
