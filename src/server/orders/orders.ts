import type { Db } from '../db/database.ts';
import type { OrderSummaryView } from '#src/lib/commerce-types.ts';

/**
 * Orders as the store reads them today: looked up by a guest, listed for a customer, and joined to the account a
 * guest creates after ordering. The checkout issue adds placing them.
 */

const toView = (r: { order_no: string; status: string; total_cents: number; placed_at: string }): OrderSummaryView => ({
  orderNo: r.order_no,
  status: r.status,
  totalCents: r.total_cents,
  placedAt: r.placed_at,
});

/** A guest's order by its number and the e-mail it was placed with (both must match), for Track my order. */
export async function findGuestOrder(db: Db, orderNo: string, email: string): Promise<OrderSummaryView | null> {
  const row = await db.kysely
    .selectFrom('orders')
    .select(['order_no', 'status', 'total_cents', 'placed_at'])
    .where('order_no', '=', orderNo)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toView(row) : null;
}

export async function listOrders(db: Db, customerId: string): Promise<OrderSummaryView[]> {
  const rows = await db.kysely
    .selectFrom('orders')
    .select(['order_no', 'status', 'total_cents', 'placed_at'])
    .where('customer_id', '=', customerId)
    .orderBy('placed_at', 'desc')
    .execute();
  return rows.map(toView);
}

/** The id of the order (by id or number) that this e-mail placed as a guest and no account holds yet, else null. */
export async function findUnclaimedGuestOrder(db: Db, orderIdOrNo: string, email: string): Promise<string | null> {
  const order = await db.kysely
    .selectFrom('orders')
    .select(['id', 'email', 'customer_id'])
    .where((eb) => eb.or([eb('id', '=', orderIdOrNo), eb('order_no', '=', orderIdOrNo)]))
    .executeTakeFirst();
  return order && order.email === email && !order.customer_id ? order.id : null;
}

export async function assignOrderToCustomer(db: Db, orderId: string, customerId: string): Promise<void> {
  await db.kysely.updateTable('orders').set({ customer_id: customerId }).where('id', '=', orderId).execute();
}
