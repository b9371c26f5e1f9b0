import { describe, expect, it } from 'vitest';
import type { ProductView, VariantView } from '#src/lib/commerce-types.ts';
import {
  priceBlock,
  availabilityNotice,
  breadcrumbs,
  clampQuantity,
  giftCardErrors,
  imagesFor,
  quantityOptions,
  showStarRating,
  showWishlistToggle,
  stripSearchPrefix,
  toggleHemming,
  visibleThumbnails,
} from '#src/lib/product-rules.ts';
import { existingValues } from '#src/lib/selection.ts';
import { pushRecentlyViewed, setForCriteria } from '#src/lib/recommendations.ts';
import { compareSizes } from '#src/server/commerce/catalog.ts';
import { clampPan, clampZoom } from '#src/islands/product/ZoomModal.tsx';
import { quickShopLink } from '#src/lib/quick-shop.ts';

const v = (over: Partial<VariantView>): VariantView => ({
  id: 'x',
  color: 'blk',
  size: null,
  sizeFamily: null,
  braBandSize: null,
  braCupSize: null,
  shoeWidth: null,
  orderable: true,
  inStock: true,
  isBackOrdered: false,
  maxOrderable: 10,
  listPrice: 100,
  salePrice: 100,
  finalPrice: 100,
  colorType: 'B',
  promotionIds: [],
  ...over,
});
const product = (over: Partial<ProductView>): ProductView =>
  ({ productType: 1, variants: [], variationAttributes: [], attributeMappingHierarchy: 'size', ...over }) as ProductView;

describe('product page rules', () => {
  it('shows the star rating only above 3 of 5', () => {
    expect(showStarRating(3)).toBe(false);
    expect(showStarRating(3.1)).toBe(true);
    expect(showStarRating(null)).toBe(false);
  });
  it('removes the search-results prefix from breadcrumb links', () => {
    expect(stripSearchPrefix('/search-results/c/tops')).toBe('/c/tops');
    expect(stripSearchPrefix('/brand/fb')).toBe('/brand/fb');
    const crumbs = breadcrumbs({ brand: 'fb', brandName: 'Fernbrook', category: 'tops', name: 'Tee', url: '/p/tee' });
    expect(crumbs.map((c) => c.url)).toEqual(['/home', '/brand/fb', '/c/tops', '/p/tee']);
  });
  it('shows the wishlist toggle only with a size (band and cup for bras, shoe size for shoes), always for gift cards', () => {
    const top = product({ attributeMappingHierarchy: 'size' });
    expect(showWishlistToggle(top, { color: 'blk' })).toBe(false);
    expect(showWishlistToggle(top, { color: 'blk', size: 'M' })).toBe(true);
    const bra = product({ attributeMappingHierarchy: 'braBandSize|braCupSize' });
    expect(showWishlistToggle(bra, { braBandSize: '34' })).toBe(false);
    expect(showWishlistToggle(bra, { braBandSize: '34', braCupSize: 'C' })).toBe(true);
    const shoe = product({ attributeMappingHierarchy: 'size|shoeWidth' });
    expect(showWishlistToggle(shoe, { size: '8' })).toBe(true);
    expect(showWishlistToggle(product({ productType: 2 }), {})).toBe(true);
  });
  it('clears hemming when the chosen option is clicked again', () => {
    expect(toggleHemming(null, '28')).toBe('28');
    expect(toggleHemming('28', '29')).toBe('29');
    expect(toggleHemming('28', '28')).toBeNull();
  });
  it('lists quantities 1 to the max and resets to 1 when the max shrinks', () => {
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
    expect(clampQuantity(5, 3)).toBe(1);
    expect(clampQuantity(2, 3)).toBe(2);
  });
  it('shows 4 thumbnails, then a +N more tile that expands all', () => {
    expect(visibleThumbnails([1, 2, 3, 4, 5, 6], false)).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(visibleThumbnails([1, 2, 3, 4, 5, 6], true)).toEqual({ shown: [1, 2, 3, 4, 5, 6], more: 0 });
    expect(visibleThumbnails([1, 2, 3, 4], false)).toEqual({ shown: [1, 2, 3, 4], more: 0 });
  });
  it('shows the preview colour images, falling back to the first colour', () => {
    const images = [
      { url: 'a', color: 'blk' },
      { url: 'b', color: 'nvy' },
    ] as ProductView['images'];
    expect(imagesFor({ images }, 'nvy').map((i) => i.url)).toEqual(['b']);
    expect(imagesFor({ images }, 'red').map((i) => i.url)).toEqual(['a']);
  });
  it('keeps pinch zoom between 1x and 5x', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(7)).toBe(5);
  });
  it('moves a zoomed image only until its edge meets the stage edge, and not at all at 1x', () => {
    const box = { width: 400, height: 500 };
    expect(clampPan({ x: 50, y: -50 }, 1, box)).toEqual({ x: 0, y: 0 });
    // At 2x the image is 800 x 1000 on screen: it can move a quarter of its own size each way.
    expect(clampPan({ x: 30, y: -40 }, 2, box)).toEqual({ x: 30, y: -40 });
    expect(clampPan({ x: 500, y: -900 }, 2, box)).toEqual({ x: 100, y: -125 });
  });
});

describe('availability notice', () => {
  const bra = product({
    attributeMappingHierarchy: 'braBandSize|braCupSize',
    variationAttributes: [
      { id: 'color', name: 'Color', order: 0, values: [{ id: 'blk', name: 'Black' }] },
      { id: 'braBandSize', name: 'Band Size', order: 1, values: [{ id: '34', name: '34' }] },
      { id: 'braCupSize', name: 'Cup Size', order: 2, values: [{ id: 'DD', name: 'DD' }] },
    ],
    variants: [v({ color: 'ivr', braBandSize: '34', braCupSize: 'DD' })], // 34DD is sold in another colour
  });
  it("says the spec's text when no variant resolves (error style)", () => {
    expect(availabilityNotice(bra, { color: 'blk', braBandSize: '34', braCupSize: 'DD' }, null)).toEqual({
      kind: 'error',
      text: 'Cup Size DD is unavailable in Black and 34, please select another color.',
    });
  });
  it('for a size-only product, the size is not repeated', () => {
    const top = product({
      attributeMappingHierarchy: 'size',
      variationAttributes: [
        { id: 'color', name: 'Color', order: 0, values: [{ id: 'olv', name: 'Olive' }] },
        { id: 'size', name: 'Size', order: 1, values: [{ id: 'M', name: 'M' }] },
      ],
      variants: [v({ color: 'blk', size: 'M' })],
    });
    expect(availabilityNotice(top, { color: 'olv', size: 'M' }, null)?.text).toBe('Size M is unavailable in Olive, please select another color.');
  });
  it('uses caution style for a back-order or low stock, and nothing while choices are missing', () => {
    const sel = { color: 'blk', braBandSize: '34', braCupSize: 'DD' };
    expect(availabilityNotice(bra, sel, v({ isBackOrdered: true }))?.kind).toBe('caution');
    expect(availabilityNotice(bra, sel, v({ maxOrderable: 2 }))).toEqual({ kind: 'caution', text: 'Only 2 left in stock.' });
    expect(availabilityNotice(bra, { color: 'blk' }, null)).toBeNull();
  });
});

describe('gift card fields', () => {
  const empty = { to: '', from: '', email: '', confirmEmail: '', withMessage: false, message: '' };
  it("asks for To and From (or 'your name' on an e-gift card)", () => {
    expect(giftCardErrors(false, empty, false)).toMatchObject({ to: 'Please add To', from: 'Please add From' });
    expect(giftCardErrors(true, empty, false)).toMatchObject({ from: 'Please add your name', email: 'Email is required' });
  });
  it('limits names to 50 and needs a message once the box is ticked', () => {
    const long = { ...empty, to: 'x'.repeat(51), from: 'Bo' };
    expect(giftCardErrors(false, long, false).to).toBe('At most 50 characters');
    expect(giftCardErrors(false, { ...empty, to: 'A', from: 'B', withMessage: true }, false).message).toBe('Please add a message');
    expect(giftCardErrors(false, { ...empty, to: 'A', from: 'B', withMessage: true, message: 'x'.repeat(331) }, false).message).toBe(
      'At most 330 characters',
    );
  });
  it('compares the e-mails once the confirm field has been left', () => {
    const fields = { ...empty, to: 'A', from: 'B', email: 'ann@example.com', confirmEmail: 'ann@example.co' };
    expect(giftCardErrors(true, fields, false).confirmEmail).toBeUndefined();
    expect(giftCardErrors(true, fields, true).confirmEmail).toBe('Emails do not match');
    expect(giftCardErrors(true, { ...fields, confirmEmail: 'ANN@example.com' }, true)).toEqual({});
  });
});

describe('sizes', () => {
  it('sort as a shopper reads them', () => {
    expect(['L', 'XS', 'M'].sort(compareSizes)).toEqual(['XS', 'M', 'L']);
    expect(['10', '4', '12', '6'].sort(compareSizes)).toEqual(['4', '6', '10', '12']);
    expect(['$100', '$25', '$50'].sort(compareSizes)).toEqual(['$25', '$50', '$100']);
  });
  it('show only the values a fit has (colour never hides sizes)', () => {
    const trousers = product({
      attributeMappingHierarchy: 'sizeFamily|size',
      variants: [
        v({ sizeFamily: 'Misses', size: '8' }),
        v({ sizeFamily: 'Petite', size: '8P', inStock: false }),
        v({ color: 'nvy', sizeFamily: 'Petite', size: '6P' }),
      ],
    });
    expect([...existingValues(trousers, { color: 'blk', sizeFamily: 'Petite' }, 'size')].sort()).toEqual(['6P', '8P']);
  });
});

describe('recommendations and quick shop', () => {
  it.each([
    ['crossbranditems', 'crossBrand'],
    ['recentlyviewed', 'recentlyViewed'],
    ['cart-nextbestcategory', 'nextBestCategory'],
    ['nextbestcategory', 'nextBestCategory'],
    ['similarcategories', 'similarCategories'],
    ['cartsimilaritems', 'similarCategories'],
    ['complementaryitems', 'complementary'],
    ['similaritems', 'similarItems'],
    ['anything-else', 'default'],
  ])('criteria %s → set %s', (criteria, set) => expect(setForCriteria(criteria)).toBe(set));
  it('keeps recently viewed newest first, unique, at most 12', () => {
    expect(pushRecentlyViewed('a|b|c', 'b')).toBe('b|a|c');
    expect(pushRecentlyViewed(Array.from({ length: 20 }, (_, i) => `p${i}`).join('|'), 'new').split('|')).toHaveLength(12);
    expect(pushRecentlyViewed('bad id|ok', 'x')).toBe('x|ok');
  });
  it('appends the recommendation flag and reads the targeted offer', () => {
    expect(quickShopLink('/p/tee?offerId=o42')).toEqual({ href: '/p/tee?offerId=o42&recommendation=true', offerId: 'o42' });
  });
});

describe('price block (list, sale, final)', () => {
  const ranges = (list: [number, number], sale: [number, number], final: [number, number]) => ({
    priceData: {
      listPrice: { min: list[0], max: list[1] },
      salePrice: { min: sale[0], max: sale[1] },
      finalPrice: { min: final[0], max: final[1] },
      hasApplicableCoupon: false,
    },
  });
  it('a sale with a promotion on top shows all three: final, list struck, and the sale', () => {
    expect(priceBlock(ranges([0, 0], [0, 0], [0, 0]), { listPrice: 3499, salePrice: 2799, finalPrice: 2239 })).toEqual({
      final: '$22.39',
      list: '$34.99',
      sale: '$27.99',
    });
  });
  it('a sale alone, or a promotion alone: final and list only', () => {
    expect(priceBlock(ranges([0, 0], [0, 0], [0, 0]), { listPrice: 3499, salePrice: 2799, finalPrice: 2799 })).toEqual({
      final: '$27.99',
      list: '$34.99',
      sale: null,
    });
    expect(priceBlock(ranges([0, 0], [0, 0], [0, 0]), { listPrice: 2499, salePrice: 2499, finalPrice: 1999 })).toEqual({
      final: '$19.99',
      list: '$24.99',
      sale: null,
    });
    expect(priceBlock(ranges([0, 0], [0, 0], [0, 0]), { listPrice: 2499, salePrice: 2499, finalPrice: 2499 })).toEqual({
      final: '$24.99',
      list: null,
      sale: null,
    });
  });
  it('before a variant is chosen, the ranges with an en dash', () => {
    expect(priceBlock(ranges([3499, 3499], [1399, 2799], [1119, 2239]), null)).toEqual({
      final: '$11.19 – $22.39',
      list: '$34.99',
      sale: '$13.99 – $27.99',
    });
  });
});
