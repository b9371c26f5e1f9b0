import { PRODUCT_TYPE } from '../../lib/constants.ts';
import type { Tx } from '../db/transaction.ts';
import { BONUS_MESSAGES } from './bonus-rules.ts';
import { CommerceError } from './errors.ts';

export const LINE_MESSAGES = {
  fixedQuantity: 'The quantity of a gift card or membership cannot be changed. Add another one instead.',
  noEdit: 'A gift card or membership cannot be changed. Remove it and add it again.',
  restricted: 'This item cannot ship to the state you chose. Remove it to continue.',
} as const;

const FIXED_TYPES: readonly number[] = [PRODUCT_TYPE.giftCard, PRODUCT_TYPE.eGiftCard, PRODUCT_TYPE.membership];

/**
 * The server side of the line rules (checkout spec §6; the bag's controls follow src/lib/bag-line-rules.ts): a free
 * gift keeps its quantity and cannot be edited; gift cards, memberships and lines that cannot ship to the bag's
 * state have no quantity change and no edit. Refused here too, so a request made without the bag's controls cannot
 * do what the controls do not offer. Runs inside the write transaction that holds the basket lock.
 */
export async function assertLineChangeable(
  tx: Tx,
  basketId: string,
  line: { product_id: string; bonus_promotion_id: string | null },
  change: 'quantity' | 'edit',
): Promise<void> {
  if (line.bonus_promotion_id !== null) throw new CommerceError('invalid', change === 'quantity' ? BONUS_MESSAGES.fixedQuantity : BONUS_MESSAGES.noEdit);
  const [product, restricted] = await Promise.all([
    tx.selectFrom('products').select('product_type').where('id', '=', line.product_id).executeTakeFirst(),
    tx
      .selectFrom('baskets')
      .innerJoin('product_shipping_restrictions as r', 'r.state_code', 'baskets.shipping_state_code')
      .select('r.product_id')
      .where('baskets.id', '=', basketId)
      .where('r.product_id', '=', line.product_id)
      .executeTakeFirst(),
  ]);
  if (product && FIXED_TYPES.includes(product.product_type)) {
    throw new CommerceError('invalid', change === 'quantity' ? LINE_MESSAGES.fixedQuantity : LINE_MESSAGES.noEdit);
  }
  if (restricted) throw new CommerceError('invalid', LINE_MESSAGES.restricted);
}
