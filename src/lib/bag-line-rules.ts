import type { BasketView, LineItemView } from './commerce-types.ts';
import { isFixedLine, isMembership } from './product-types.ts';
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

/** What decides whether a line's quantity and options are fixed; the server's line-rules.ts asks the same. */
export interface LineFacts {
  isBonus: boolean;
  productType: number;
  /** The product cannot ship to the bag's state. */
  restricted: boolean;
}

/** Why a line keeps its quantity and cannot be edited, or null when it may change. */
export type LineLock = 'bonus' | 'fixedType' | 'restricted';

export function lineLock(line: LineFacts): LineLock | null {
  if (line.isBonus) return 'bonus';
  if (isFixedLine(line.productType)) return 'fixedType';
  if (line.restricted) return 'restricted';
  return null;
}

export function lineActions(item: LineItemView): LineActions {
  const d = item.c_lineItemDetails;
  if (d.isOutOfCatalog) return { canChangeQuantity: false, canEdit: false, canMoveToWishlist: false, canRemove: true };
  const locked =
    lineLock({ isBonus: item.bonusProductLineItem, productType: item.c_productType, restricted: item.showRestrictedShippingStateMessage }) !== null;
  return {
    canChangeQuantity: !locked && !d.isOutOfStock,
    canEdit: !locked,
    canMoveToWishlist: !item.bonusProductLineItem && !isMembership(item.c_productType),
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

/** Where the bag returns a shopper who asks for checkout with a line that cannot ship to the bag's state. */
export const RESTRICTED_SHIPPING_CART_URL = '/cart?source=newcheckout&isRestrictedShippingItem=true';

/**
 * Whether a bag may enter checkout, and if not where the shopper goes instead (header spec "Restricted shipping
 * item"): an empty bag goes back to the bag page; a line that cannot ship to the bag's state sends the shopper to
 * the bag with the restricted-shipping notice. Null: checkout may start.
 */
export function checkoutBlocker(basket: Pick<BasketView, 'productItems'>): string | null {
  if (basket.productItems.length === 0) return '/cart';
  if (basket.productItems.some((i) => i.showRestrictedShippingStateMessage)) return RESTRICTED_SHIPPING_CART_URL;
  return null;
}

/**
 * The bag line's quantity choices: 1 to the line's max order quantity (spec: 1 to the max, default 10), so nothing
 * the server would refuse is offered. When stock has fallen below the line's quantity, that quantity stays listed
 * (disabled) so the control shows what the bag holds, beside the line's 'Only N left' message.
 */
export function lineQuantityOptions(quantity: number, max: number): { value: number; disabled: boolean }[] {
  const options = Array.from({ length: Math.max(1, max) }, (_, i) => ({ value: i + 1, disabled: false }));
  if (quantity > options.length) options.push({ value: quantity, disabled: true });
  return options;
}
