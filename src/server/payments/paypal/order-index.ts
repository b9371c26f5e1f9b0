import type { Db } from '../../db/database.ts';

/**
 * Which PayPal order was made under which placement key. PayPal's Orders API has no search by custom_id, and its
 * transaction search lags by hours, so the adapter writes the order id here once PayPal has made the order. A crash
 * before that write loses nothing: an order nobody approved holds no money.
 */
export interface OrderIndex {
  remember(reference: string, orderId: string): Promise<void>;
  ordersOf(reference: string): Promise<string[]>;
}

export function databaseOrderIndex(database: () => Promise<Db>, provider = 'paypal'): OrderIndex {
  return {
    async remember(reference, orderId) {
      await (await database()).kysely
        .insertInto('web_payment_orders')
        .values({ order_id: orderId, provider, reference, created_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    },
    async ordersOf(reference) {
      const rows = await (await database()).kysely
        .selectFrom('web_payment_orders')
        .select('order_id')
        .where('reference', '=', reference)
        .where('provider', '=', provider)
        .orderBy('created_at')
        .execute();
      return rows.map((r) => r.order_id);
    },
  };
}
