import { describe, expect, it } from 'vitest';
import type { ProductView, VariantView } from '#src/lib/commerce-types.ts';
import { addButtonLabel, choose, isValueAvailable, normalise, resolveVariant } from '#src/lib/selection.ts';

function variant(color: string, band: string, cup: string, inStock = true): VariantView {
  return {
    id: `${color}-${band}${cup}`,
    color,
    size: `${band}${cup}`,
    sizeFamily: null,
    braBandSize: band,
    braCupSize: cup,
    shoeWidth: null,
    orderable: true,
    inStock,
    isBackOrdered: false,
    maxOrderable: inStock ? 10 : 0,
    listPrice: 100,
    salePrice: 100,
    finalPrice: 100,
    colorType: 'B',
    promotionIds: [],
  };
}

/** A bra: band 32 has no DD at all; black 34C is sold out. */
const bra = {
  attributeMappingHierarchy: 'braBandSize|braCupSize',
  variationAttributes: [
    {
      id: 'color',
      name: 'Color',
      order: 0,
      values: [
        { id: 'blk', name: 'Black' },
        { id: 'ivr', name: 'Ivory' },
      ],
    },
    {
      id: 'braBandSize',
      name: 'Band Size',
      order: 1,
      values: [
        { id: '32', name: '32' },
        { id: '34', name: '34' },
      ],
    },
    {
      id: 'braCupSize',
      name: 'Cup Size',
      order: 2,
      values: [
        { id: 'C', name: 'C' },
        { id: 'DD', name: 'DD' },
      ],
    },
  ],
  variants: [
    variant('blk', '32', 'C'),
    variant('blk', '34', 'C', false),
    variant('blk', '34', 'DD'),
    variant('ivr', '32', 'C'),
    variant('ivr', '34', 'C'),
    variant('ivr', '34', 'DD'),
  ],
} as unknown as ProductView;

describe('colour and size selection', () => {
  it('marks a size unavailable when the chosen colour has no stock of it', () => {
    expect(isValueAvailable(bra, { color: 'blk', braBandSize: '34' }, 'braCupSize', 'C')).toBe(false);
    expect(isValueAvailable(bra, { color: 'ivr', braBandSize: '34' }, 'braCupSize', 'C')).toBe(true);
  });
  it('clears the secondary value when the new primary group does not have it', () => {
    const chosen = { color: 'blk', braBandSize: '34', braCupSize: 'DD' };
    expect(choose(bra, chosen, 'braBandSize', '32')).toEqual({ color: 'blk', braBandSize: '32', braCupSize: undefined });
  });
  it('keeps the secondary value when the new primary group has it in stock', () => {
    expect(choose(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'C' }, 'braBandSize', '32').braCupSize).toBe('C');
  });
  it('never disables an earlier choice because of a later one, so there are no dead ends', () => {
    // 34C is sold out in black, but black stays choosable from ivory 34C.
    expect(isValueAvailable(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'C' }, 'color', 'blk')).toBe(true);
  });
  it('a new colour keeps the sizes chosen; nothing resolves to an orderable variant, and the notice asks for another colour', () => {
    const sel = choose(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'C' }, 'color', 'blk');
    expect(sel).toEqual({ color: 'blk', braBandSize: '34', braCupSize: 'C' });
    expect(resolveVariant(bra, sel)?.inStock ?? false).toBe(false);
    expect(addButtonLabel(bra, sel)).toBe('Out of Stock');
    // Any in-stock combination is one click away: another colour, or another cup in this colour.
    expect(isValueAvailable(bra, sel, 'color', 'ivr')).toBe(true);
    expect(resolveVariant(bra, choose(bra, sel, 'color', 'ivr'))?.inStock).toBe(true);
  });
  it('resolves a variant only when every attribute is chosen', () => {
    expect(resolveVariant(bra, { color: 'ivr', braBandSize: '34' })).toBeNull();
    expect(resolveVariant(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'DD' })?.id).toBe('ivr-34DD');
  });
  it("asks with the generic 'Please Select' when three choices are still to make", () => {
    expect(addButtonLabel(bra, {})).toBe('Please Select');
  });
  it('asks for both primary and secondary, or the one missing', () => {
    expect(addButtonLabel(bra, { color: 'blk' })).toBe('Please select both Band Size and Cup Size.');
    expect(addButtonLabel(bra, { color: 'blk', braBandSize: '34' })).toBe('Please select Cup Size.');
    expect(addButtonLabel(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'C' })).toBe('Add to Bag');
  });
  it('drops choices that fresh stock no longer allows, keeping the ones before them', () => {
    expect(normalise(bra, { color: 'blk', braBandSize: '34', braCupSize: 'C' })).toEqual({ color: 'blk', braBandSize: '34' });
    expect(normalise(bra, { color: 'ivr', braBandSize: '34', braCupSize: 'C' })).toEqual({ color: 'ivr', braBandSize: '34', braCupSize: 'C' });
    expect(normalise(bra, { color: 'red', braBandSize: '99' })).toEqual({});
  });
  it("reads 'Please Select a Size' while a size is missing", () => {
    const top = {
      attributeMappingHierarchy: 'size',
      variationAttributes: [
        { id: 'color', name: 'Color', order: 0, values: [{ id: 'blk', name: 'Black' }] },
        { id: 'size', name: 'Size', order: 1, values: [{ id: 'M', name: 'M' }] },
      ],
      variants: [{ ...variant('blk', '', ''), size: 'M' }],
    } as unknown as ProductView;
    expect(addButtonLabel(top, { color: 'blk' })).toBe('Please Select a Size');
  });
});
