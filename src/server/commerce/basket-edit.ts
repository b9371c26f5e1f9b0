import type { LineChoice } from '#src/lib/commerce/bag.ts';
import type { Db } from '../db/database.ts';
import { preparedWrite } from '../db/prepared.ts';
import { type Tx, withWriteTransaction } from '../db/transaction.ts';
import { deleteLineOfBag, lineOfBag, otherLinesOfSku, setLineQuantity } from './bag-lines.ts';
import { lockOpenBasket, touchBag } from './basket-lock.ts';
import { assertQuantityAllowed, loadVariant, resolveHemming } from './variant-limits.ts';
import { CommerceError } from './errors.ts';
import { assertLineChangeable } from './line-rules.ts';

/** The line's new size, colour, quantity and hem: compiled once (db/prepared.ts). */
const setLineChoice = preparedWrite((tx: Tx, sku: string, quantity: number, hemmingOptionId: string | null, itemId: string) =>
  tx.updateTable('basket_items').set({ sku, quantity, hemming_option_id: hemmingOptionId }).where('id', '=', itemId),
);

/**
 * Edit mode from the bag: the line takes another variant of the same product, a quantity and hemming. The same
 * checks as adding apply (orderable, stock, limit counted over every line of the variant, offered inseam); if an
 * identical line already exists the two become one.
 */
export async function replaceItem(
  db: Db,
  basketId: string,
  itemId: string,
  input: Pick<LineChoice, 'productId' | 'quantity' | 'optionItems' | 'hemmingInseamLength'>,
): Promise<void> {
  await withWriteTransaction(db, async (tx) => {
    await lockOpenBasket(tx, basketId);
    const [line] = await lineOfBag(tx, itemId, basketId);
    if (!line) throw new CommerceError('not_found', 'That item is no longer in your bag.');
    await assertLineChangeable(tx, basketId, line, 'edit');
    const v = await loadVariant(tx, input.productId);
    if (!v || v.product_id !== line.product_id) throw new CommerceError('invalid', 'Please choose a size and colour of the same item.');

    const hemming = await resolveHemming(tx, v, input);

    const others = await otherLinesOfSku(tx, basketId, v.sku, itemId);
    const twin = others.find(
      (o) =>
        o.bonus_promotion_id === null &&
        o.hemming_option_id === hemming &&
        o.gift_recipient === line.gift_recipient &&
        o.gift_message === line.gift_message,
    );
    assertQuantityAllowed(v, others.reduce((s, o) => s + o.quantity, 0) + input.quantity);

    if (twin) {
      await setLineQuantity(tx, twin.quantity + input.quantity, twin.id);
      await deleteLineOfBag(tx, itemId, basketId);
    } else {
      await setLineChoice(tx, v.sku, input.quantity, hemming, itemId);
    }
    await touchBag(tx, basketId, new Date().toISOString());
  });
}
