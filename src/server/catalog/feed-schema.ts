import * as v from 'valibot';
import { DEFAULT_MAX_ORDER_QTY, ID_MAX_LENGTH } from '#src/lib/constants.ts';
import { PRODUCT_TYPE, type ProductTypeName } from '#src/lib/product-types.ts';
import { US_STATES } from '#src/lib/us-states.ts';

/**
 * One line of a catalog feed (JSON Lines, one product per line; the format is described in docs/catalog-feed.md).
 * Field rules only: the rules that compare fields of one product (attributes, SKUs, stock by type) are in
 * feed-line.ts, the ones that compare lines or need the database in catalog-import.ts. Unknown fields are refused
 * rather than dropped, so a misspelt "listPrice" is reported instead of silently importing nothing.
 */

export const FEED_LIMITS = {
  name: 200,
  description: 5000,
  text: 100,
  attribute: 20,
  url: 500,
  priceCents: 100_000_000,
  stock: 1_000_000,
  reviewCount: 10_000_000,
  colors: 50,
  images: 20,
  variants: 500,
} as const;

/** Product ids are what shoppers type as item numbers (src/server/search/search-index.ts itemNumber). */
const PRODUCT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const CODE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HEX = /^#[0-9a-fA-F]{6}$/;
/** A path on this store (/media/...) or an https address. */
const URL_LIKE = /^(?:\/(?!\/)|https:\/\/)\S+$/;

const text = (max: number) =>
  v.pipe(v.string('must be text'), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max, `must be at most ${max} characters`));
const code = (what: string) =>
  v.pipe(
    v.string('must be text'),
    v.maxLength(ID_MAX_LENGTH, `must be at most ${ID_MAX_LENGTH} characters`),
    v.regex(CODE, `must be ${what}: lower-case letters and digits, words joined by single hyphens`),
  );
const wholeNumber = (min: number, max: number, unit = '') =>
  v.pipe(
    v.number('must be a number'),
    v.integer(`must be a whole number${unit}`),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
const cents = wholeNumber(0, FEED_LIMITS.priceCents, ' of cents');
const flag = v.boolean('must be true or false');
const url = v.pipe(
  v.string('must be text'),
  v.maxLength(FEED_LIMITS.url, `must be at most ${FEED_LIMITS.url} characters`),
  v.regex(URL_LIKE, 'must be a path on this store (/media/...) or an https:// address'),
);
const attribute = v.optional(text(FEED_LIMITS.attribute));

const Image = v.strictObject({ url, thumbUrl: v.optional(url), alt: text(FEED_LIMITS.name) }, 'must be an object');

export const VARIANT_ATTRIBUTES = ['size', 'sizeFamily', 'braBandSize', 'braCupSize', 'shoeWidth'] as const;
export type VariantAttribute = (typeof VARIANT_ATTRIBUTES)[number];

const Variant = v.pipe(
  v.strictObject(
    {
      sku: v.pipe(
        v.string('must be text'),
        v.maxLength(ID_MAX_LENGTH, `must be at most ${ID_MAX_LENGTH} characters`),
        v.regex(SKU, 'must be letters, digits, hyphens or underscores, starting with a letter or digit'),
      ),
      size: attribute,
      sizeFamily: attribute,
      braBandSize: attribute,
      braCupSize: attribute,
      shoeWidth: attribute,
      listPriceCents: cents,
      salePriceCents: cents,
      stock: v.optional(wholeNumber(0, FEED_LIMITS.stock)),
      orderable: v.optional(flag, true),
      backOrdered: v.optional(flag, false),
    },
    'must be an object',
  ),
  v.forward(
    v.partialCheck([['listPriceCents'], ['salePriceCents']], (p) => p.salePriceCents <= p.listPriceCents, 'must not be more than the list price'),
    ['salePriceCents'],
  ),
);

export const COLOR_TYPES = { regular: 'B', clearance: 'C', finalSale: 'F' } as const;

const Color = v.strictObject(
  {
    id: code('a colour code'),
    name: text(FEED_LIMITS.text),
    swatch: v.pipe(v.string('must be text'), v.regex(HEX, 'must be a colour like #1f1f24')),
    type: v.optional(v.picklist(Object.keys(COLOR_TYPES) as (keyof typeof COLOR_TYPES)[], 'must be regular, clearance or finalSale'), 'regular'),
    images: v.pipe(v.array(Image, 'must be a list'), v.maxLength(FEED_LIMITS.images, `must have at most ${FEED_LIMITS.images} images`)),
    variants: v.pipe(
      v.array(Variant, 'must be a list'),
      v.minLength(1, 'must have at least one variant'),
      v.maxLength(FEED_LIMITS.variants, `must have at most ${FEED_LIMITS.variants} variants`),
    ),
  },
  'must be an object',
);

/** A product's type in the feed: the name of its code (src/lib/product-types.ts). */
export type FeedProductType = ProductTypeName;

export const FeedProductSchema = v.strictObject(
  {
    id: v.pipe(
      v.string('must be text'),
      v.maxLength(ID_MAX_LENGTH, `must be at most ${ID_MAX_LENGTH} characters`),
      v.regex(PRODUCT_ID, 'must be lower-case letters and digits, words joined by single hyphens (it is the item number)'),
    ),
    brand: v.string('must be text'),
    name: text(FEED_LIMITS.name),
    slug: v.optional(code('a URL slug')),
    type: v.optional(v.picklist(Object.keys(PRODUCT_TYPE) as FeedProductType[], 'must be regular, giftCard, eGiftCard or membership'), 'regular'),
    category: code('a category code'),
    description: v.pipe(v.string('must be text'), v.maxLength(FEED_LIMITS.description, `must be at most ${FEED_LIMITS.description} characters`)),
    badge: v.optional(text(FEED_LIMITS.text)),
    rating: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be at least 0'), v.maxValue(5, 'must be at most 5'))),
    reviewCount: v.optional(wholeNumber(0, FEED_LIMITS.reviewCount), 0),
    maxOrderQty: v.optional(wholeNumber(1, DEFAULT_MAX_ORDER_QTY), DEFAULT_MAX_ORDER_QTY),
    sizeChart: v.optional(code('a size chart id')),
    subBrand: v.optional(v.strictObject({ name: text(FEED_LIMITS.text), url }, 'must be an object')),
    waitlisted: v.optional(flag, false),
    heavySurchargeCents: v.optional(cents, 0),
    poBoxExcluded: v.optional(flag, false),
    prop65: v.optional(flag, false),
    restrictedStates: v.optional(
      v.array(v.picklist(Object.keys(US_STATES), 'must be a two-letter US state code the store ships to (AK, HI, ...)'), 'must be a list'),
      [],
    ),
    attributes: v.array(v.picklist(VARIANT_ATTRIBUTES, `must be one of ${VARIANT_ATTRIBUTES.join(', ')}`), 'must be a list'),
    hemming: v.optional(
      v.array(
        v.strictObject({ sizeFamily: text(FEED_LIMITS.attribute), inseam: text(FEED_LIMITS.attribute), priceCents: cents }, 'must be an object'),
        'must be a list',
      ),
      [],
    ),
    video: v.optional(Image),
    colors: v.pipe(
      v.array(Color, 'must be a list'),
      v.minLength(1, 'must have at least one colour'),
      v.maxLength(FEED_LIMITS.colors, `must have at most ${FEED_LIMITS.colors} colours`),
    ),
  },
  'must be an object (one product per line)',
);

export type FeedProduct = v.InferOutput<typeof FeedProductSchema>;
