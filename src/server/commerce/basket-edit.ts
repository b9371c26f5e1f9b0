import type { LineChoice } from '#src/lib/commerce/bag.ts';
import type { Db } from '../db/database.ts';
import { withWriteTransaction } from '../db/transaction.ts';
import { lockOpenBasket, touchBag } from './basket-lock.ts';
import { assertQuantityAllowed, loadVariant, resolveHemming } from './variant-limits.ts';
import { CommerceError } from './errors.ts';
import { assertLineChangeable } from './line-rules.ts';

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
    const line = await tx.selectFrom('basket_items').selectAll().where('id', '=', itemId).where('basket_id', '=', basketId).executeTakeFirst();
    if (!line) throw new CommerceError('not_found', 'That item is no longer in your bag.');
    await assertLineChangeable(tx, basketId, line, 'edit');
    const v = await loadVariant(tx, input.productId);
    if (!v || v.product_id !== line.product_id) throw new CommerceError('invalid', 'Please choose a size and colour of the same item.');

    const hemming = await resolveHemming(tx, v, input);

    const others = await tx
      .selectFrom('basket_items')
      .selectAll()
      .where('basket_id', '=', basketId)
      .where('sku', '=', v.sku)
      .where('id', '!=', itemId)
      .execute();
    const twin = others.find(
      (o) =>
        o.bonus_promotion_id === null &&
        o.hemming_option_id === hemming &&
        o.gift_recipient === line.gift_recipient &&
        o.gift_message === line.gift_message,
    );
    assertQuantityAllowed(v, others.reduce((s, o) => s + o.quantity, 0) + input.quantity);

    if (twin) {
      await tx
        .updateTable('basket_items')
        .set({ quantity: twin.quantity + input.quantity })
        .where('id', '=', twin.id)
        .execute();
      await tx.deleteFrom('basket_items').where('id', '=', itemId).execute();
    } else {
      await tx
        .updateTable('basket_items')
        .set({ sku: v.sku, quantity: input.quantity, hemming_option_id: hemming })
        .where('id', '=', itemId)
        .execute();
    }
    await touchBag(tx, basketId, new Date().toISOString());
  });
}
