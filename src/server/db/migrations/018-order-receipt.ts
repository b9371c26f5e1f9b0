import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * What an order keeps of what the shopper was shown, so its confirmation page and e-mail say the same later:
 * - `orders.shipping_method_name`, `orders.delivery_estimate`: the method chosen and its delivery time (null when
 *   nothing ships);
 * - `orders.summary`: the order summary as the checkout showed it (JSON: surcharges and savings as well as totals);
 * - `order_lines.detail_lines`: the line's texts as the bag showed them (JSON array); `order_lines.original_total_cents`:
 *   the line at its original price when it was bought for less.
 * Older orders have nulls, and their confirmation is built from the columns they have.
 */
export const orderReceipt: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['shipping_method_name', 'delivery_estimate', 'summary']) {
      await db.schema.alterTable('orders').addColumn(column, 'text').execute();
    }
    await db.schema.alterTable('order_lines').addColumn('detail_lines', 'text').execute();
    await db.schema.alterTable('order_lines').addColumn('original_total_cents', 'integer').execute();
  },
};
