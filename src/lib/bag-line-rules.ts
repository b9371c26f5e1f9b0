import type { LineItemView } from './commerce-types.ts';
import { PRODUCT_TYPE } from './constants.ts';
import type { QuickShopDetail } from './quick-shop.ts';

/**
 * What a shopper may do with a bag line (checkout spec §6 roles, product spec basket): bonus items cannot change
 * quantity; gift cards, memberships and restricted-state items have no quantity change or edit; an item no longer
 * sold can only be removed; an out-of-stock one can be edited to another size, moved or removed.
 */
export interface LineActions {
  canChangeQuantity: boolean;
  canEdit: boolean;
  canMoveToWishlist: boolean;
  canRemove: true;
}

const isGiftOrMembership = (type: number) =>
  type === PRODUCT_TYPE.giftCard || type === PRODUCT_TYPE.eGiftCard || type === PRODUCT_TYPE.membership;

export function lineActions(item: LineItemView): LineActions {
  const d = item.c_lineItemDetails;
  if (d.isOutOfCatalog) return { canChangeQuantity: false, canEdit: false, canMoveToWishlist: false, canRemove: true };
  const fixed = item.bonusProductLineItem || isGiftOrMembership(item.c_productType) || item.showRestrictedShippingStateMessage;
  return {
    canChangeQuantity: !fixed && !d.isOutOfStock,
    canEdit: !item.bonusProductLineItem && !isGiftOrMembership(item.c_productType) && !item.showRestrictedShippingStateMessage,
    canMoveToWishlist: !item.bonusProductLineItem && item.c_productType !== PRODUCT_TYPE.membership,
    canRemove: true,
  };
}

/** The quickShopEvent detail that opens quick shop in edit mode for a line (src/lib/quick-shop.ts listens). */
export const editEventDetail = (item: LineItemView): QuickShopDetail => ({
  productId: item.masterId,
  productLink: item.c_lineItemDetails.productUrl,
  templateProps: { mode: 'edit', itemId: item.itemId, variantId: item.productId, quantity: item.quantity, hemming: item.c_hemmingInseamLength },
  modalProps: {},
});
