import { lineLock, type LineLock } from '#src/lib/bag-line-rules.ts';
import { prepared } from '../db/prepared.ts';
import type { Tx } from '../db/transaction.ts';
import { BONUS_MESSAGES } from './bonus-rules.ts';
import { CommerceError } from './errors.ts';

export const LINE_MESSAGES = {
  fixedQuantity: 'The quantity of a gift card or membership cannot be changed. Add another one instead.',
  noEdit: 'A gift card or membership cannot be changed. Remove it and add it again.',
  restricted: 'This item cannot ship to the state you chose. Remove it to continue.',
} as const;

const REFUSAL: Record<LineLock, Record<'quantity' | 'edit', string>> = {
  bonus: { quantity: BONUS_MESSAGES.fixedQuantity, edit: BONUS_MESSAGES.noEdit },
  fixedType: { quantity: LINE_MESSAGES.fixedQuantity, edit: LINE_MESSAGES.noEdit },
  restricted: { quantity: LINE_MESSAGES.restricted, edit: LINE_MESSAGES.restricted },
};

/** The line's product type, and whether it may not ship to the bag's state: compiled once (db/prepared.ts). */
const lineFacts = prepared((tx: Tx, basketId: string, productId: string) =>
  tx
    .selectFrom('products as p')
    .innerJoin('baskets as b', (j) => j.on('b.id', '=', basketId))
    .leftJoin('product_shipping_restrictions as r', (j) => j.onRef('r.product_id', '=', 'p.id').onRef('r.state_code', '=', 'b.shipping_state_code'))
    .select(['p.product_type', 'r.state_code as restricted_state'])
    .where('p.id', '=', productId),
);

/**
 * The server side of the line rules (checkout spec §6): the rule itself is lineLock in src/lib/bag-line-rules.ts,
 * which also decides the bag's controls. Refused here too, so a request made without the bag's controls cannot do
 * what the controls do not offer. Runs inside the write transaction that holds the basket lock.
 */
export async function assertLineChangeable(
  tx: Tx,
  basketId: string,
  line: { product_id: string; bonus_promotion_id: string | null },
  change: 'quantity' | 'edit',
): Promise<void> {
  const [facts] = await lineFacts(tx, basketId, line.product_id);
  const lock = lineLock({ isBonus: line.bonus_promotion_id !== null, productType: facts?.product_type ?? 0, restricted: !!facts?.restricted_state });
  if (lock) throw new CommerceError('invalid', REFUSAL[lock][change]);
}
