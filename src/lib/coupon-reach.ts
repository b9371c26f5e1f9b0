import { isMerchandise } from './product-types.ts';

/** The colour group code of final-sale colours (colour groups B basic, C clearance, F final sale). */
export const FINAL_SALE = 'F';

/**
 * Whether a code can take anything off a product of this type in a colour of this group: only ordinary
 * merchandise, and never a final-sale colour (gift cards, e-gift cards and memberships take no codes). The bag
 * prices by this rule, and a product page names a code only when it holds for the product.
 */
export const codeCanApply = (productType: number, colorType: string): boolean => isMerchandise(productType) && colorType !== FINAL_SALE;

/** A product can take a code when any of its colours can (a hint on its page may name the code). */
export const codeCanApplyToProduct = (productType: number, colorTypes: string[]): boolean => colorTypes.some((c) => codeCanApply(productType, c));
