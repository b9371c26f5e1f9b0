import { describe, expect, it } from 'vitest';
import type { ColorGroup, ProductView, VariantView } from '#src/lib/commerce-types.ts';
import { availabilityNotice, colorGroupNotes, priceBlock } from '#src/lib/product-rules.ts';
import { FINAL_SALE_MESSAGE } from '#src/lib/sale-messages.ts';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import type { LoadedBasket, LoadedLine } from '#src/server/commerce/basket-load.ts';
import { priceBasket } from '#src/server/commerce/basket-pricer.ts';
import { addButtonLabel, choose, existingValues, resolveVariant, sizeLabel, withDefaults, type Selections } from '#src/lib/selection.ts';

/** The product page's selection rules and what a line says. */

const variant = (over: Partial<VariantView>): VariantView => ({
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
  listPrice: 5000,
  salePrice: 5000,
  finalPrice: 5000,
  colorType: 'B',
  promotionIds: [],
  ...over,
});

function product(hierarchy: string, attrs: Record<string, string[]>, variants: VariantView[], over: Partial<ProductView> = {}): ProductView {
  const names: Record<string, string> = { color: 'Color', size: 'Size', sizeFamily: 'Fit', shoeWidth: 'Width' };
  const colorNames: Record<string, string> = { blk: 'Black', nvy: 'Navy', sun: 'Sunflower', cor: 'Coral' };
  return {
    attributeMappingHierarchy: hierarchy,
    variationAttributes: Object.entries(attrs).map(([id, values], order) => ({
      id,
      name: names[id] ?? id,
      order,
      values: values.map((v) => ({ id: v, name: id === 'color' ? (colorNames[v] ?? v) : v })),
    })),
    variants,
    completeOOS: false,
    productType: 1,
    colorGroups: [],
    priceData: {
      listPrice: { min: 5000, max: 5000 },
      salePrice: { min: 2499, max: 5000 },
      finalPrice: { min: 2499, max: 5000 },
      hasApplicableCoupon: false,
    },
    ...over,
  } as ProductView;
}

// Trousers: Misses 4 and 6, Petite 4P and 6P (6P sold out in black), Tall 6T.
const families: Record<string, string[]> = { Misses: ['4', '6'], Petite: ['4P', '6P'], Tall: ['6T'] };
const trouser = product(
  'sizeFamily|size',
  { color: ['blk', 'nvy'], sizeFamily: ['Misses', 'Petite', 'Tall'], size: ['4', '4P', '6', '6P', '6T'] },
  ['blk', 'nvy'].flatMap((color) =>
    Object.entries(families).flatMap(([fam, sizes]) =>
      sizes.map((size) => variant({ id: `${color}-${size}`, color, sizeFamily: fam, size, inStock: !(color === 'blk' && size === '6P') })),
    ),
  ),
);

describe('trousers: sizes follow the chosen fit', () => {
  it('preselects a fit like the colour, so the sizes shown are that fit’s', () => {
    const sel = withDefaults(trouser, {});
    expect(sel).toEqual({ color: 'blk', sizeFamily: 'Misses' });
    expect([...existingValues(trouser, sel, 'size')]).toEqual(['4', '6']);
    expect([...existingValues(trouser, choose(trouser, sel, 'sizeFamily', 'Petite'), 'size')]).toEqual(['4P', '6P']);
  });

  it('a size picked before its fit chooses the fit it belongs to: 6P is never answered by "Please select Fit."', () => {
    const sel = choose(trouser, { color: 'nvy' }, 'size', '6P');
    expect(sel.sizeFamily).toBe('Petite');
    expect(addButtonLabel(trouser, sel)).toBe('Add to Bag');
    expect(resolveVariant(trouser, sel)?.id).toBe('nvy-6P');
  });

  it('a size that arrives chosen (from the URL) keeps its own fit rather than the default', () => {
    expect(withDefaults(trouser, { size: '4P' })).toEqual({ color: 'blk', sizeFamily: 'Petite', size: '4P' });
  });

  it('a new fit clears a size it does not have', () => {
    const sel = choose(trouser, { color: 'nvy', sizeFamily: 'Petite', size: '4P' }, 'sizeFamily', 'Tall');
    expect(sel.size).toBeUndefined();
    expect(addButtonLabel(trouser, sel)).toBe('Please Select a Size');
  });
});

// Sold out in every colour and size.
const soldOut = product(
  'size',
  { color: ['blk', 'nvy'], size: ['S', 'M'] },
  ['blk', 'nvy'].flatMap((color) => ['S', 'M'].map((size) => variant({ id: `${color}-${size}`, color, size, inStock: false, maxOrderable: 0 }))),
  { completeOOS: true, isMasterWaitlisted: true },
);

describe('a sold-out product', () => {
  it('still starts on its first colour', () => {
    expect(withDefaults(soldOut, {})).toEqual({ color: 'blk' });
  });

  it('says Sold Out on its button, before and after a size, and never asks for another colour', () => {
    expect(addButtonLabel(soldOut, { color: 'blk' })).toBe('Sold Out');
    const sel: Selections = { color: 'blk', size: 'M' };
    expect(addButtonLabel(soldOut, sel)).toBe('Sold Out');
    expect(availabilityNotice(soldOut, sel, resolveVariant(soldOut, sel))).toBeNull();
  });

  it('a size sold out in every colour (the product is not) says so rather than "select another color"', () => {
    const p = product('size', { color: ['blk', 'nvy'], size: ['S', 'M'] }, [
      variant({ id: 'blk-S', color: 'blk', size: 'S' }),
      variant({ id: 'blk-M', color: 'blk', size: 'M', inStock: false }),
      variant({ id: 'nvy-M', color: 'nvy', size: 'M', inStock: false }),
    ]);
    const sel = { color: 'blk', size: 'M' };
    expect(availabilityNotice(p, sel, resolveVariant(p, sel))).toEqual({ kind: 'error', text: 'Size M is sold out in every color.' });
    const back = { ...p, variants: [...p.variants.slice(0, 2), variant({ id: 'nvy-M', color: 'nvy', size: 'M' })] };
    expect(availabilityNotice(back, sel, resolveVariant(back, sel))?.text).toBe('Size M is unavailable in Black, please select another color.');
  });
});

describe('the price follows the colour before a size is chosen', () => {
  const p = product('size', { color: ['blk', 'cor'], size: ['S', 'M'] }, [
    variant({ id: 'blk-S', color: 'blk', size: 'S' }),
    variant({ id: 'blk-M', color: 'blk', size: 'M' }),
    variant({ id: 'cor-S', color: 'cor', size: 'S', salePrice: 2499, finalPrice: 2499, colorType: 'C' }),
    variant({ id: 'cor-M', color: 'cor', size: 'M', salePrice: 2499, finalPrice: 2499, colorType: 'C' }),
  ]);
  it('a clearance colour shows its own price, the list struck', () => {
    expect(priceBlock(p, null, 'cor')).toEqual({ final: '$24.99', list: '$50.00', sale: null });
    expect(priceBlock(p, null, 'blk')).toEqual({ final: '$50.00', list: null, sale: null });
  });
  it('without a colour, the product’s ranges', () => {
    expect(priceBlock(p, null).final).toBe('$24.99 – $50.00');
  });
});

describe('colour groups name their colours', () => {
  const group = (type: ColorGroup['type'], colors: string[], cents: number, callout: string | null): ColorGroup => ({
    type,
    colors,
    salePrice: { min: cents, max: cents },
    finalPrice: { min: cents, max: cents },
    hasApplicableCoupon: false,
    messages: { colorGroupCallout: callout },
  });
  const p = product('size', { color: ['blk', 'nvy', 'sun'], size: ['M'] }, [], {
    colorGroups: [group('regularColors', ['blk', 'nvy'], 4999, null), group('finalSaleColors', ['sun'], 2499, FINAL_SALE_MESSAGE)],
  });
  it('the final-sale message with its price and the colours it means; current when one of them is chosen', () => {
    expect(colorGroupNotes(p, 'blk')).toEqual([
      { type: 'finalSaleColors', message: FINAL_SALE_MESSAGE, colorNames: ['Sunflower'], price: '$24.99', current: false },
    ]);
    expect(colorGroupNotes(p, 'sun')[0]?.current).toBe(true);
  });
});

describe('a line names every chosen attribute', () => {
  it('a shoe’s width follows its size; other sizes are as they are', () => {
    expect(sizeLabel({ size: '8', shoeWidth: 'W' })).toBe('8 W');
    expect(sizeLabel({ size: '8', shoeWidth: 'M' })).toBe('8 M');
    expect(sizeLabel({ size: '34DD', shoeWidth: null })).toBe('34DD');
    expect(sizeLabel({ size: null })).toBeNull();
  });
});

describe('a bag line keeps the shoe width and the final-sale flag of what was chosen', () => {
  const line = (over: Partial<LoadedLine>): LoadedLine => ({
    id: 'l1',
    sku: 'ks-6001-blk-8-W',
    productId: 'ks-6001',
    quantity: 1,
    hemmingOptionId: null,
    inseam: null,
    hemPriceCents: null,
    giftRecipient: null,
    giftSender: null,
    giftRecipientEmail: null,
    giftMessage: null,
    bonusPromotionId: null,
    size: '8',
    shoeWidth: 'W',
    listPriceCents: 8999,
    salePriceCents: 8999,
    orderable: true,
    backOrdered: 0,
    trackStock: 1,
    onHand: 50,
    name: 'Classic Leather Loafer',
    slug: 'classic-leather-loafer-ks-6001',
    brand: 'ks',
    productType: PRODUCT_TYPE.regular,
    isHemmable: false,
    maxOrderQty: 10,
    colorName: 'Black',
    colorType: 'B',
    imageUrl: '/s.jpg',
    restricted: false,
    ...over,
  });
  const basket = (lines: LoadedLine[]): LoadedBasket => ({
    header: {
      id: 'b1',
      currency: 'USD',
      shippingMethodId: 'Regular',
      shippingStateCode: null,
      lastAddedItemId: null,
      taxRateBp: null,
      chosenMethod: { name: 'Regular', priceCents: 799 },
      regularMethod: { name: 'Regular', priceCents: 799 },
    },
    lines,
    autoPromotions: [],
    coupons: [],
    bonusRules: [],
  });

  it('two widths of one shoe size read as two different lines', () => {
    const { view } = priceBasket(basket([line({}), line({ id: 'l2', sku: 'ks-6001-blk-8-M', shoeWidth: 'M' })]));
    expect(view.lines.map((i) => i.sizeLabel)).toEqual(['8 W', '8 M']);
  });

  it('a final-sale colour’s line carries the flag its warning is shown by; other lines do not', () => {
    const { view } = priceBasket(basket([line({ colorType: 'F' }), line({ id: 'l2', colorType: 'C' })]));
    expect(view.lines.map((i) => i.lineDetails.specialProductMessagingFlags?.finalSale)).toEqual([true, false]);
  });
});
