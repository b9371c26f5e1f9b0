import { describe, expect, it } from 'vitest';
import { parseFeedLine, type FieldIssue } from '#src/server/catalog/feed-line.ts';
import { emptyFeedRows, fromRows, toRows } from '#src/server/catalog/feed-rows.ts';

/** The rules of one feed line (docs/catalog-feed.md): each problem is named with its field and a message. */
const BRANDS = new Set(['fb', 'ks']);

const variant = (sku: string, size: string, extra: Record<string, unknown> = {}) => ({
  sku,
  size,
  listPriceCents: 2499,
  salePriceCents: 1999,
  stock: 5,
  ...extra,
});
const product = (extra: Record<string, unknown> = {}) => ({
  id: 'fb-9001',
  brand: 'fb',
  name: 'Linen Camp Shirt',
  category: 'tops',
  description: 'A breezy shirt.',
  attributes: ['size'],
  colors: [
    {
      id: 'blk',
      name: 'Black',
      swatch: '#1f1f24',
      images: [{ url: '/media/top-1f1f24-1.svg', alt: 'Front' }],
      variants: [variant('fb-9001-blk-S', 'S'), variant('fb-9001-blk-M', 'M')],
    },
  ],
  ...extra,
});

function issuesOf(input: unknown): FieldIssue[] {
  const result = parseFeedLine(typeof input === 'string' ? input : JSON.stringify(input), BRANDS);
  return result.issues ?? [];
}

/** A product whose first colour's variant list is replaced. */
const withVariants = (variants: unknown[], extra: Record<string, unknown> = {}) => {
  const p = product(extra);
  return { ...p, colors: [{ ...p.colors[0], variants }] };
};

describe('a good line', () => {
  it('parses, with the defaults a merchandiser may leave out', () => {
    const result = parseFeedLine(JSON.stringify(product()), BRANDS);
    expect(result.issues).toBeUndefined();
    expect(result.product).toMatchObject({
      type: 'regular',
      maxOrderQty: 10,
      reviewCount: 0,
      waitlisted: false,
      restrictedStates: [],
      hemming: [],
      colors: [{ type: 'regular', variants: [{ orderable: true, backOrdered: false }, {}] }],
    });
  });

  it('becomes rows and comes back from them the same (what export then import relies on)', () => {
    const parsed = parseFeedLine(JSON.stringify(product({ hemming: [] })), BRANDS).product!;
    const rows = emptyFeedRows();
    const productRow = toRows(parsed, rows);
    expect(productRow.slug).toBe('linen-camp-shirt-fb-9001');
    expect(rows.stock).toEqual([
      { sku: 'fb-9001-blk-S', on_hand: 5 },
      { sku: 'fb-9001-blk-M', on_hand: 5 },
    ]);
    const back = fromRows({ ...rows, onHand: new Map(rows.stock.map((s) => [s.sku, s.on_hand])) });
    expect(back).toEqual({ ...parsed, slug: 'linen-camp-shirt-fb-9001' });
  });
});

describe('field rules', () => {
  it.each([
    ['not JSON', '{"id": "fb-1",', '', /^is not valid JSON/],
    ['not an object', '[1, 2]', '', 'must be an object (one product per line)'],
    ['a missing field', { ...product(), name: undefined }, 'name', 'is required'],
    ['a misspelt field', { ...product(), listPrice: 100 }, 'listPrice', 'is not a field of the feed (misspelt?)'],
    [
      'an id in capitals',
      product({ id: 'FB-9001' }),
      'id',
      'must be lower-case letters and digits, words joined by single hyphens (it is the item number)',
    ],
    ['an empty name', product({ name: '  ' }), 'name', 'must not be empty'],
    ['an unknown type', product({ type: 'bundle' }), 'type', 'must be regular, giftCard, eGiftCard or membership'],
    ['a rating over 5', product({ rating: 5.5 }), 'rating', 'must be at most 5'],
    [
      'a state the store does not know',
      product({ restrictedStates: ['XX'] }),
      'restrictedStates[0]',
      'must be a two-letter US state code the store ships to (AK, HI, ...)',
    ],
    [
      'an unknown attribute',
      product({ attributes: ['length'] }),
      'attributes[0]',
      'must be one of size, sizeFamily, braBandSize, braCupSize, shoeWidth',
    ],
    ['no colours', product({ colors: [] }), 'colors', 'must have at least one colour'],
    ['a maximum quantity over the store limit', product({ maxOrderQty: 11 }), 'maxOrderQty', 'must be at most 10'],
  ])('%s', (_, input, field, message) => {
    const issues = issuesOf(input);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.field).toBe(field);
    if (typeof message === 'string') expect(issues[0]!.message).toBe(message);
    else expect(issues[0]!.message).toMatch(message);
  });

  it.each([
    ['a price with cents after the point', { listPriceCents: 24.99 }, 'listPriceCents', 'must be a whole number of cents'],
    ['a negative price', { listPriceCents: -1, salePriceCents: -1 }, 'listPriceCents', 'must be at least 0'],
    ['a sale price over the list price', { salePriceCents: 2500 }, 'salePriceCents', 'must not be more than the list price'],
    ['negative stock', { stock: -2 }, 'stock', 'must be at least 0'],
    ['a sku with a space', { sku: 'fb 9001' }, 'sku', 'must be letters, digits, hyphens or underscores, starting with a letter or digit'],
    ['orderable as text', { orderable: 'yes' }, 'orderable', 'must be true or false'],
  ])('a variant with %s', (_, change, field, message) => {
    const issues = issuesOf(withVariants([variant('fb-9001-blk-S', 'S', change)]));
    expect(issues[0]).toEqual({ field: `colors[0].variants[0].${field}`, message });
  });

  it('reports every problem of a line, not only the first', () => {
    const p = product({ rating: -1 });
    const issues = issuesOf({ ...p, colors: [{ ...p.colors[0], swatch: 'black', variants: [variant('a', 'S', { stock: 1.5 })] }] });
    expect(issues).toEqual([
      { field: 'rating', message: 'must be at least 0' },
      { field: 'colors[0].swatch', message: 'must be a colour like #1f1f24' },
      { field: 'colors[0].variants[0].stock', message: 'must be a whole number' },
    ]);
  });
});

describe('rules between the fields of a product', () => {
  it('knows the store’s brands and size charts', () => {
    expect(issuesOf(product({ brand: 'zz', sizeChart: 'size-chart-hats' }))).toEqual([
      { field: 'brand', message: '"zz" is not a brand of the store ("fb", "ks")' },
      { field: 'sizeChart', message: '"size-chart-hats" is not a size chart of the store' },
    ]);
  });

  it('needs an image on the first colour', () => {
    const p = product();
    expect(issuesOf({ ...p, colors: [{ ...p.colors[0], images: [] }] })).toEqual([
      { field: 'colors[0].images', message: 'the first colour needs at least one image (tiles and search show it)' },
    ]);
  });

  it('refuses a colour code or a sku used twice in the product', () => {
    const p = product();
    const color = p.colors[0]!;
    expect(issuesOf({ ...p, colors: [color, { ...color, variants: [variant('fb-9001-blk-S', 'L')] }] })).toEqual([
      { field: 'colors[1].id', message: '"blk" is also colors[0]' },
      { field: 'colors[1].variants[0].sku', message: '"fb-9001-blk-S" is also colors[0].variants[0]' },
    ]);
  });

  it('needs every attribute the product lists, and one variant per combination', () => {
    expect(issuesOf(withVariants([variant('a', 'S'), { ...variant('b', 'S') }, { ...variant('c', 'M'), size: undefined }]))).toEqual([
      { field: 'colors[0].variants[1]', message: 'has the same size as variants[0] of its colour' },
      { field: 'colors[0].variants[2].size', message: 'is required (the product lists it in attributes)' },
    ]);
    expect(issuesOf(product({ attributes: ['size', 'size'] }))).toEqual([{ field: 'attributes[1]', message: 'lists "size" twice' }]);
  });

  it('keeps stock for regular products only', () => {
    expect(issuesOf(withVariants([{ ...variant('a', 'S'), stock: undefined }]))).toEqual([
      { field: 'colors[0].variants[0].stock', message: 'is required (stock is kept for regular products)' },
    ]);
    expect(issuesOf(withVariants([variant('a', '$25')], { type: 'giftCard' }))).toEqual([
      { field: 'colors[0].variants[0].stock', message: 'must be left out: no stock is kept for gift cards and memberships' },
    ]);
  });

  it('hems only size families the product sells, each inseam once', () => {
    const hemmed = withVariants([variant('a', '4', { sizeFamily: 'Misses' })], {
      attributes: ['sizeFamily', 'size'],
      hemming: [
        { sizeFamily: 'Misses', inseam: '28', priceCents: 800 },
        { sizeFamily: 'Misses', inseam: '28', priceCents: 800 },
        { sizeFamily: 'Tall', inseam: '34', priceCents: 1000 },
      ],
    });
    expect(issuesOf(hemmed)).toEqual([
      { field: 'hemming[1].inseam', message: 'lists 28 twice for Misses' },
      { field: 'hemming[2].sizeFamily', message: 'no variant has the size family "Tall"' },
    ]);
  });

  it('lists a restricted state once', () => {
    expect(issuesOf(product({ restrictedStates: ['AK', 'AK'] }))).toEqual([{ field: 'restrictedStates[1]', message: 'lists "AK" twice' }]);
  });
});
