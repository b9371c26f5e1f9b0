import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { maxOrderable } from './catalog.ts';
import { CommerceError } from './errors.ts';

/**
 * Waitlist sign-ups for sold-out sizes: one row per sku and e-mail (joining twice is the same as once). A size
 * that can be bought now is refused, so the list only holds shoppers waiting for stock.
 */
export async function joinWaitlist(db: Db, sku: string, email: string): Promise<void> {
  const v = await db.kysely
    .selectFrom('variants')
    .innerJoin('products', 'products.id', 'variants.product_id')
    .leftJoin('stock', 'stock.sku', 'variants.sku')
    .select(['variants.sku', 'variants.orderable', 'variants.track_stock', 'variants.back_ordered', 'stock.on_hand', 'products.max_order_qty'])
    .where('variants.sku', '=', sku)
    .executeTakeFirst();
  if (!v) throw new CommerceError('not_found', 'That item could not be found.');
  if (v.orderable && maxOrderable(v, v.max_order_qty) > 0) throw new CommerceError('conflict', 'This size is in stock. You can add it to your bag now.');
  await db.kysely
    .insertInto('waitlist_entries')
    .values({ id: randomUUID(), sku: v.sku, email: email.toLowerCase(), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['sku', 'email']).doNothing())
    .execute();
}
