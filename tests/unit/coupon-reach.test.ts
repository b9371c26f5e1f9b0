import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE } from '#src/lib/product-types.ts';
import { codeCanApply, codeCanApplyToProduct } from '#src/lib/coupon-reach.ts';

describe('which products a code can take something off', () => {
  it('ordinary merchandise in a basic or clearance colour takes codes', () => {
    expect(codeCanApply(PRODUCT_TYPE.regular, 'B')).toBe(true);
    expect(codeCanApply(PRODUCT_TYPE.regular, 'C')).toBe(true);
  });
  it('a final-sale colour, a gift card, an e-gift card and a membership take none', () => {
    expect(codeCanApply(PRODUCT_TYPE.regular, 'F')).toBe(false);
    expect(codeCanApply(PRODUCT_TYPE.giftCard, 'B')).toBe(false);
    expect(codeCanApply(PRODUCT_TYPE.eGiftCard, 'B')).toBe(false);
    expect(codeCanApply(PRODUCT_TYPE.membership, 'B')).toBe(false);
  });
  it('a product can take a code when any of its colours can', () => {
    expect(codeCanApplyToProduct(PRODUCT_TYPE.regular, ['F', 'B'])).toBe(true);
    expect(codeCanApplyToProduct(PRODUCT_TYPE.regular, ['F'])).toBe(false);
    expect(codeCanApplyToProduct(PRODUCT_TYPE.giftCard, ['B'])).toBe(false);
  });
});
