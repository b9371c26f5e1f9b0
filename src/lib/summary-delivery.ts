import { isDigital, isEGiftCard, isMembership } from './product-types.ts';

/**
 * The order summary's delivery fields (product spec §3 "Order summary": orderIncludesDigitalItem, isOnlyEGiftCard,
 * isOnlySubscription, eDeliveryMessage), from the lines' product types: the server sets them on every summary, and the
 * summary shows the e-delivery message under its rows.
 */
export const E_DELIVERY_MESSAGE = 'E-gift cards are e-mailed to their recipients as soon as your order is placed.';

export interface SummaryDelivery {
  orderIncludesDigitalItem: boolean;
  isOnlyEGiftCard: boolean;
  isOnlySubscription: boolean;
  /** '' when nothing in the bag is delivered by e-mail. */
  eDeliveryMessage: string;
}

export function summaryDelivery(productTypes: readonly number[]): SummaryDelivery {
  const some = productTypes.length > 0;
  return {
    orderIncludesDigitalItem: productTypes.some(isDigital),
    isOnlyEGiftCard: some && productTypes.every(isEGiftCard),
    isOnlySubscription: some && productTypes.every(isMembership),
    eDeliveryMessage: productTypes.some(isEGiftCard) ? E_DELIVERY_MESSAGE : '',
  };
}
