// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineItemView } from '#src/lib/commerce-types.ts';
import { editEventDetail, lineActions, lineQuantityOptions } from '#src/lib/bag-line-rules.ts';
import { QUICK_SHOP_EVENT } from '#src/lib/quick-shop.ts';
import { $bag, $bagPendingItem } from '#src/lib/stores/bag.ts';
import { LineItem } from '#src/islands/bag/LineItem.tsx';

const item = (over: Partial<LineItemView> = {}, details: Partial<LineItemView['c_lineItemDetails']> = {}): LineItemView => ({
  itemId: 'i1',
  productId: 'ca-7001-nvy-Misses-6',
  masterId: 'ca-7001',
  productName: 'High-Rise Straight Jean',
  brand: 'ca',
  quantity: 2,
  price: 11398,
  basePrice: 4899,
  c_productType: 1,
  c_productImageUrl: '/media/x.svg',
  colorName: 'Navy',
  sizeLabel: '8',
  optionItems: [],
  priceAdjustments: [],
  bonusProductLineItem: false,
  bonusDiscountLineItemId: null,
  showRestrictedShippingStateMessage: false,
  c_hemmingInseamLength: '28',
  c_giftCardRecipient: null,
  c_giftCardSender: null,
  c_giftCardRecipientEmail: null,
  giftMessage: null,
  c_lineItemDetails: {
    productUrl: '/p/high-rise-straight-jean-ca-7001',
    variationModelMasterId: 'ca-7001',
    original_price_value: 6999,
    sale_price_value: 4899,
    maxOrderQuantity: 10,
    isHemmable: true,
    availabilityMsg: null,
    isOutOfStock: false,
    isOutOfCatalog: false,
    ...details,
  },
  ...over,
});

afterEach(() => {
  cleanup();
  cleanStores($bag, $bagPendingItem);
  vi.unstubAllGlobals();
});

describe('what a shopper may do with a bag line', () => {
  it('a regular line: change quantity, edit, remove, move to wishlist', () => {
    expect(lineActions(item())).toEqual({ canChangeQuantity: true, canEdit: true, canMoveToWishlist: true, canRemove: true });
  });
  it('bonus items cannot have their quantity changed', () => {
    expect(lineActions(item({ bonusProductLineItem: true }))).toMatchObject({ canChangeQuantity: false, canEdit: false });
  });
  it('gift cards, e-gift cards, memberships and restricted-state items have no quantity change or edit', () => {
    for (const over of [{ c_productType: 2 }, { c_productType: 3 }, { c_productType: 4 }, { showRestrictedShippingStateMessage: true }]) {
      expect(lineActions(item(over)), JSON.stringify(over)).toMatchObject({ canChangeQuantity: false, canEdit: false, canRemove: true });
    }
    expect(lineActions(item({ c_productType: 4 })).canMoveToWishlist).toBe(false);
  });
  it('an item out of catalog can only be removed', () => {
    expect(lineActions(item({}, { isOutOfCatalog: true, isOutOfStock: true }))).toEqual({
      canChangeQuantity: false,
      canEdit: false,
      canMoveToWishlist: false,
      canRemove: true,
    });
  });
  it('an out-of-stock item cannot change quantity but can be edited to another size', () => {
    expect(lineActions(item({}, { isOutOfStock: true }))).toMatchObject({ canChangeQuantity: false, canEdit: true, canMoveToWishlist: true });
  });
});

describe('the bag line quantity choices', () => {
  it('offer 1 to the max order quantity', () => {
    expect(lineQuantityOptions(2, 10).map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(lineQuantityOptions(1, 1)).toEqual([{ value: 1, disabled: false }]);
  });
  it("when stock falls below the line, offer only what can be ordered and show the line's quantity disabled", () => {
    expect(lineQuantityOptions(5, 3)).toEqual([
      { value: 1, disabled: false },
      { value: 2, disabled: false },
      { value: 3, disabled: false },
      { value: 5, disabled: true },
    ]);
  });
  it('in the line: the select offers nothing the server would refuse', () => {
    render(<LineItem item={item({ quantity: 5 }, { maxOrderQuantity: 3, availabilityMsg: 'Only 3 left in stock.' })} />);
    const select = screen.getByLabelText('Quantity') as HTMLSelectElement;
    expect(select.value).toBe('5');
    expect([...select.options].filter((o) => !o.disabled).map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(screen.getByText('Only 3 left in stock.')).toBeTruthy();
  });
});

describe('line item', () => {
  it('edit dispatches quickShopEvent in edit mode with the line, its variant, quantity and hemming', () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(QUICK_SHOP_EVENT, listener);
    render(<LineItem item={item()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit High-Rise Straight Jean' }));
    window.removeEventListener(QUICK_SHOP_EVENT, listener);
    expect(seen).toEqual([
      {
        productId: 'ca-7001',
        productLink: '/p/high-rise-straight-jean-ca-7001',
        templateProps: { mode: 'edit', itemId: 'i1', variantId: 'ca-7001-nvy-Misses-6', quantity: 2, hemming: '28' },
        modalProps: {},
      },
    ]);
    expect(editEventDetail(item()).productId).toBe('ca-7001');
  });
  it('shows the out-of-catalog message with Remove as the only action', () => {
    render(
      <LineItem
        item={item(
          {},
          { isOutOfCatalog: true, isOutOfStock: true, availabilityMsg: 'This item is no longer available. Please remove it to continue.' },
        )}
      />,
    );
    expect(screen.getByText('This item is no longer available. Please remove it to continue.')).toBeTruthy();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /wishlist/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove High-Rise Straight Jean' })).toBeTruthy();
  });
  it('the compact view shows the line without an action row', () => {
    render(<LineItem item={item()} variant="compact" />);
    expect(screen.getByText('Qty 2')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
  it('shows a promotion on the line with a Details button', () => {
    render(
      <LineItem item={item({ priceAdjustments: [{ promotionId: 'ca-denim-30', couponCode: null, price: -4200, itemText: '30% off jeans' }] })} />,
    );
    expect(screen.getByText('30% off jeans (-$42.00)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Details of 30% off jeans' })).toBeTruthy();
  });
});
