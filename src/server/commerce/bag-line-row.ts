import type { LoadedVariant } from './variant-limits.ts';

/** The gift card's fields of a line: its recipient, sender, recipient's e-mail and message (null on other items). */
export interface GiftFields {
  gift_recipient: string | null;
  gift_sender: string | null;
  gift_recipient_email: string | null;
  gift_message: string | null;
}

export const NO_GIFT: GiftFields = { gift_recipient: null, gift_sender: null, gift_recipient_email: null, gift_message: null };

/** A bag line as written: the variant, its quantity and options, its place among the bag's lines. */
export interface BagLineRow extends GiftFields {
  [column: string]: string | number | null;
  id: string;
  basket_id: string;
  sku: string;
  product_id: string;
  quantity: number;
  hemming_option_id: string | null;
  position: number;
  created_at: string;
  bonus_promotion_id: string | null;
}

export const BAG_LINE_COLUMNS = [
  'id',
  'basket_id',
  'sku',
  'product_id',
  'quantity',
  'hemming_option_id',
  'gift_recipient',
  'gift_sender',
  'gift_recipient_email',
  'gift_message',
  'position',
  'created_at',
  'bonus_promotion_id',
] as const satisfies readonly (keyof BagLineRow)[];

/** The row of a new line: every add (a shopper's first, a later one, a free bonus item) writes the same columns. */
export function lineRow(
  line: { id: string; basketId: string; createdAt: string; quantity: number; position: number },
  v: Pick<LoadedVariant, 'sku' | 'product_id'>,
  options: { hem?: string | null; gift?: GiftFields; bonusPromotionId?: string } = {},
): BagLineRow {
  return {
    id: line.id,
    basket_id: line.basketId,
    sku: v.sku,
    product_id: v.product_id,
    quantity: line.quantity,
    hemming_option_id: options.hem ?? null,
    ...(options.gift ?? NO_GIFT),
    position: line.position,
    created_at: line.createdAt,
    bonus_promotion_id: options.bonusPromotionId ?? null,
  };
}
