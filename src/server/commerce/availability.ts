import { isMerchandise } from '#src/lib/product-types.ts';

export interface LineAvailability {
  /** The variant is still sold. */
  orderable: boolean;
  /** maxOrderable for the variant now. */
  max: number;
  quantity: number;
  backOrdered: boolean;
  productType: number;
}

export const AVAILABILITY_MESSAGES = {
  outOfCatalog: 'This item is no longer available. Please remove it to continue.',
  outOfStock: 'This item is out of stock. Please remove it to continue.',
  onlyLeft: (max: number) => `Only ${max} left in stock.`,
  backOrdered: 'Back-ordered: ships in 2-3 weeks.',
  hurry: (max: number) => `Hurry, only ${max} left.`,
} as const;

/** 'Hurry' is said of ordinary merchandise when this few or fewer are left. */
export const LOW_STOCK_AT = 3;

/** The bag line's availability message (product spec, basket), or null when there is nothing to say. */
export function availabilityMessage(line: LineAvailability): string | null {
  if (!line.orderable) return AVAILABILITY_MESSAGES.outOfCatalog;
  if (line.max === 0) return AVAILABILITY_MESSAGES.outOfStock;
  if (line.quantity > line.max) return AVAILABILITY_MESSAGES.onlyLeft(line.max);
  if (line.backOrdered) return AVAILABILITY_MESSAGES.backOrdered;
  if (isMerchandise(line.productType) && line.max <= LOW_STOCK_AT) return AVAILABILITY_MESSAGES.hurry(line.max);
  return null;
}
